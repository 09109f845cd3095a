import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { balanceOf, chatCalls, premium } from "../../test/chat";
import { makePhoneJpeg } from "../../test/images";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { getDb } from "../db/client";
import { users } from "../users/schema";
import { messages } from "./schema";

const app = createApp();
const { call, open, send, chats, sendImage } = chatCalls(app);

describe("who may write to whom (spec §6)", () => {
  it("refuses a member whose e-mail is unconfirmed, and tells the other side why", async () => {
    const alice = await createLoggedInMember(app, premium);
    const pending = await createLoggedInMember(app, { status: "not_confirmed" });
    const conversation = await open(alice, pending);
    const refused = await send(alice, conversation, "Hello?");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("recipient_unconfirmed");
    const terms = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, alice.cookie)
    ).json();
    expect(terms.terms).toMatchObject({
      can_write: false,
      blocked_reason: "recipient_unconfirmed",
    });
    const own = await send(pending, conversation, "Me first");
    expect(own.status).toBe(403);
    expect((await own.json()).error).toBe("email_unconfirmed");
  });

  it("closes the conversation both ways when either member blocks", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "Hi");
    await send(bob, conversation, "Hi back");
    // Both lists are loaded (and kept by the list cache) before the block.
    expect((await chats(alice)).chats).toHaveLength(1);
    expect((await chats(bob)).chats).toHaveLength(1);
    expect(
      (await call("POST", "/api/block.php", bob.cookie, { id: alice.profile.id })).status,
    ).toBe(200);
    for (const [member, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      expect((await send(member, conversation, "Still there?")).status).toBe(404);
      expect((await chats(member)).chats).toEqual([]);
      expect(
        (await call("GET", `/api/messages.php?conversation=${conversation}`, member.cookie)).status,
      ).toBe(404);
      expect(
        (await call("POST", "/api/chat.php", member.cookie, { profile: other.profile.id })).status,
      ).toBe(404);
    }
    await call("DELETE", `/api/block.php?id=${alice.profile.id}`, bob.cookie);
    expect((await chats(alice)).chats).toHaveLength(1);
    expect((await chats(bob)).chats).toHaveLength(1);
    expect((await send(alice, conversation, "Friends again")).status).toBe(200);
  });

  it("keeps an erased member's messages, from a deleted member, and refuses replies", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "Goodbye");
    const db = await getDb();
    await db.execute(sql`delete from profiles where user_id = ${alice.user.id}`);
    await db
      .update(users)
      .set({ erasedAt: new Date(), email: `deleted-${alice.user.id}@deleted.invalid` })
      .where(and(eq(users.id, alice.user.id)));
    const list = await chats(bob);
    expect(list.chats[0]).toMatchObject({ profile: null, last_message: { text: "Goodbye" } });
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    expect(page.terms).toMatchObject({ can_write: false, blocked_reason: "deleted" });
    const refused = await send(bob, conversation, "Wait!");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("member_deleted");
  });

  it("refuses text, image and gift to a member pending deletion alike, before any charge", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const leaving = await createLoggedInMember(app, { password: "leaving password 1" });
    const conversation = await open(alice, leaving);
    const deleted = await call("POST", "/api/account-delete.php", leaving.cookie, {
      password: "leaving password 1",
    });
    expect(deleted.status).toBe(200);

    const attempts = [
      await send(alice, conversation, "Are you still there?"),
      await sendImage(alice, conversation, await makePhoneJpeg()),
      await call("POST", "/api/gift.php", alice.cookie, { id: leaving.profile.id, gift: "rose" }),
    ];
    const answers = [];
    for (const refused of attempts) {
      expect(refused.status).toBe(409);
      answers.push(await refused.json());
    }
    // One rule, one answer, in the member's language.
    expect(answers[0]).toEqual({
      error: "member_deleted",
      message: "This member has deleted their account, so you can't send them messages or gifts.",
    });
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(await balanceOf(alice)).toBe(100);
    const db = await getDb();
    const [stored] = await db
      .select({ count: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    expect(stored?.count).toBe(0);
    const [charged] = await db
      .select({ count: count() })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, alice.user.id), sql`${creditLedger.delta} < 0`));
    expect(charged?.count).toBe(0);
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, alice.cookie)
    ).json();
    expect(page.terms).toMatchObject({ can_write: false, blocked_reason: "deleted" });
  });

  it("stops spam at 20 messages a minute, with a clear message", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, { paidUser: true, credits: 1000 }),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    // The limit counts a clock minute: the messages start at the top of one, so all 21 fall in
    // the same minute however slow the machine is.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000);
      for (let index = 0; index < 20; index++) {
        expect((await send(alice, conversation, `spam ${index}`)).status).toBe(200);
      }
      const limited = await send(alice, conversation, "one more");
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toBe("rate_limited");
    } finally {
      vi.useRealTimers();
    }
  });
});
