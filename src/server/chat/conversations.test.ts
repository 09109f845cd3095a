import { describe, expect, it } from "vitest";
import { chatCalls, premium } from "../../test/chat";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { messages } from "./schema";

const app = createApp();
const { call, open, send, chats } = chatCalls(app);

describe("conversations (spec §2 Chats, §3, §4)", () => {
  it("lists a written conversation on both sides, newest first, with unread counts", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    // Opened but nothing written: listed for neither.
    expect((await chats(alice)).chats).toEqual([]);
    expect((await chats(bob)).chats).toEqual([]);

    expect((await send(alice, conversation, "  Hi Bob! \n How are you?  ")).status).toBe(200);
    await send(alice, conversation, "Second line");
    const bobs = await chats(bob);
    expect(bobs.unread_total).toBe(2);
    expect(bobs.chats).toMatchObject([
      {
        conversation,
        profile: { id: alice.profile.id, name: alice.profile.name },
        num_unread_messages: 2,
        last_message: { text: "Second line", from_me: false, state: null },
      },
    ]);
    // Bob's list reached his device: Alice sees her message delivered.
    const alices = await chats(alice);
    expect(alices.chats[0]).toMatchObject({
      num_unread_messages: 0,
      last_message: { from_me: true, state: "delivered" },
    });

    // spec §4: opening it sets the unread count to 0, and Alice sees "read". Reading changes
    // nothing (a GET from another site must not): the page that shows it says it was read.
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    expect(page.messages.map((message: { text: string }) => message.text)).toEqual([
      "Hi Bob! \n How are you?",
      "Second line",
    ]);
    expect(page.profile).toMatchObject({ id: alice.profile.id });
    expect((await chats(bob)).unread_total).toBe(2);
    expect((await call("POST", "/api/chat-read.php", bob.cookie, { conversation })).status).toBe(
      200,
    );
    expect((await chats(bob)).unread_total).toBe(0);
    const seen = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, alice.cookie)
    ).json();
    expect(seen.messages.map((message: { state: string }) => message.state)).toEqual([
      "read",
      "read",
    ]);
    // The same pair has one conversation, whoever opens it.
    expect(await open(bob, alice)).toBe(conversation);
  });

  it("is read only by the page's own write: a GET, or a write from another site, reads nothing", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "Hello Bob");
    // A link or tag on another site sends Bob's cookie with a GET (SameSite=Lax) …
    const fromLink = await call(
      "GET",
      `/api/messages.php?conversation=${conversation}`,
      bob.cookie,
      undefined,
      { "sec-fetch-site": "cross-site" },
    );
    expect(fromLink.status).toBe(200);
    expect((await chats(bob)).unread_total).toBe(1);
    // … and a write from it is refused by the origin check.
    const fromForm = await call(
      "POST",
      "/api/chat-read.php",
      bob.cookie,
      { conversation },
      {
        "sec-fetch-site": "cross-site",
        origin: "https://elsewhere.example",
      },
    );
    expect(fromForm.status).toBe(403);
    expect((await chats(bob)).unread_total).toBe(1);
    const fromPage = await call(
      "POST",
      "/api/chat-read.php",
      bob.cookie,
      { conversation },
      {
        "sec-fetch-site": "same-origin",
      },
    );
    expect(fromPage.status).toBe(200);
    expect((await chats(bob)).unread_total).toBe(0);
  });

  it("pages older messages by keyset, 50 at a time, oldest first", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    const db = await getDb();
    await db.insert(messages).values(
      Array.from({ length: 120 }, (_, index) => ({
        conversationId: conversation,
        senderUserId: alice.user.id,
        kind: "text" as const,
        body: `message ${index}`,
      })),
    );
    const first = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0].text).toBe("message 70");
    expect(first.messages[49].text).toBe("message 119");
    const second = await (
      await call(
        "GET",
        `/api/messages.php?conversation=${conversation}&before=${first.older_cursor}`,
        bob.cookie,
      )
    ).json();
    expect(second.messages[0].text).toBe("message 20");
    const third = await (
      await call(
        "GET",
        `/api/messages.php?conversation=${conversation}&before=${second.older_cursor}`,
        bob.cookie,
      )
    ).json();
    expect(third.messages).toHaveLength(20);
    expect(third.older_cursor).toBeNull();
  });

  it("removes a conversation for one side only; a new message lists it again", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "Hello");
    const removed = await call("DELETE", "/api/chat.php", bob.cookie, { conversation });
    expect(removed.status).toBe(200);
    expect((await chats(bob)).chats).toEqual([]);
    expect((await chats(alice)).chats).toHaveLength(1);
    // The removed messages are gone for Bob, also when he opens the conversation again.
    await send(alice, conversation, "Are you there?");
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    expect(page.messages.map((message: { text: string }) => message.text)).toEqual([
      "Are you there?",
    ]);
    // By profile: every conversation with that member.
    const byProfile = await call("DELETE", "/api/chat.php", alice.cookie, {
      profile: bob.profile.id,
    });
    expect(byProfile.status).toBe(200);
    expect((await chats(alice)).chats).toEqual([]);
  });

  it("lets no third member read, write, mark, signal or remove another pair's conversation", async () => {
    const [alice, bob, eve] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "Private");
    const attempts = [
      call("GET", `/api/messages.php?conversation=${conversation}`, eve.cookie),
      send(eve, conversation, "Let me in"),
      call("POST", "/api/chat-read.php", eve.cookie, { conversation }),
      call("POST", "/api/typing.php", eve.cookie, { conversation }),
      call("DELETE", "/api/chat.php", eve.cookie, { conversation }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect((await response.json()).error).toBe("not_found");
    }
    expect((await chats(bob)).chats[0].num_unread_messages).toBe(1);
    expect((await chats(alice)).chats).toHaveLength(1);
  });

  it("refuses bad input with 422, never a 500", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    const tooLong = await send(alice, conversation, "x".repeat(2001));
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).fields.text).toBe(
      "Your message is too long: 2,000 characters at most.",
    );
    expect((await send(alice, conversation, "x".repeat(2000))).status).toBe(200);
    expect((await send(alice, conversation, "   ")).status).toBe(422);
    expect((await send(alice, conversation, "nul\u0000byte")).status).toBe(422);
    expect(
      (await call("POST", "/api/message.php", alice.cookie, { conversation: 2 ** 31, text: "hi" }))
        .status,
    ).toBe(422);
    expect(
      (await call("GET", "/api/messages.php?conversation=1&before=99999999999999999", alice.cookie))
        .status,
    ).toBe(422);
    expect((await call("GET", "/api/chats.php?cursor=%7Bnot", alice.cookie)).status).toBe(422);
    expect(
      (await call("POST", "/api/chat.php", alice.cookie, { profile: alice.profile.id })).status,
    ).toBe(422);
  });
});
