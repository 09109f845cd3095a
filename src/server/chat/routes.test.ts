import { and, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoneJpeg } from "../../test/images";
import { createLoggedInMember, type TestMemberOptions } from "../../test/members";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { getDb } from "../db/client";
import { users } from "../users/schema";
import { messages } from "./schema";

const app = createApp();

function call(method: string, path: string, cookie: string, body?: unknown, headers = {}) {
  return app.request(path, {
    method,
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
}

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

async function open(from: Member, to: Member): Promise<number> {
  const response = await call("POST", "/api/chat.php", from.cookie, { profile: to.profile.id });
  expect(response.status).toBe(200);
  return (await response.json()).conversation;
}

function send(from: Member, conversation: number, text: string, headers = {}) {
  return call("POST", "/api/message.php", from.cookie, { conversation, text }, headers);
}

async function chats(member: Member) {
  const response = await call("GET", "/api/chats.php", member.cookie);
  expect(response.status).toBe(200);
  return response.json();
}

async function balanceOf(member: Member) {
  const db = await getDb();
  const [row] = await db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, member.user.id));
  return row?.credits;
}

const premium: TestMemberOptions = { paidUser: true, credits: 100 };

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

describe("what writing costs (ARCHITECTURE.md, chat costs; spec §1, §6, §9)", () => {
  it("gives a free member two free conversations, then the premium alert", async () => {
    const free = await createLoggedInMember(app);
    const others = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    const [first, second, third] = await Promise.all(others.map((other) => open(free, other)));
    const terms = await (
      await call("GET", `/api/messages.php?conversation=${first}`, free.cookie)
    ).json();
    expect(terms.terms).toMatchObject({ free: true, free_conversations_left: 2, can_write: true });
    for (const conversation of [first, second]) {
      expect((await send(free, conversation as number, "Hi")).status).toBe(200);
      expect((await send(free, conversation as number, "Again, still free")).status).toBe(200);
    }
    const refused = await send(free, third as number, "Hi");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "premium_required",
      message: "You've used your free conversations. Go premium to write to more members.",
    });
    expect(await balanceOf(free)).toBe(0);
  });

  it("charges message_credits outside the free conversations, and 402 when a premium member runs out", async () => {
    const payer = await createLoggedInMember(app, { paidUser: true, credits: 15 });
    const other = await createLoggedInMember(app);
    const conversation = await open(payer, other);
    const sent = await send(payer, conversation, "Hello");
    expect(sent.status).toBe(200);
    expect((await sent.json()).credits).toBe(5);
    const broke = await send(payer, conversation, "Hello again");
    expect(broke.status).toBe(402);
    expect((await broke.json()).error).toBe("not_enough_credits");
    expect(await balanceOf(payer)).toBe(5);
    const db = await getDb();
    const ledger = await db
      .select({
        delta: creditLedger.delta,
        reason: creditLedger.reason,
        after: creditLedger.balanceAfter,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, payer.user.id))
      .orderBy(creditLedger.id);
    expect(ledger).toEqual([
      { delta: 15, reason: "correction", after: 15 },
      { delta: -10, reason: "message", after: 5 },
    ]);
  });

  it("sends exactly 3 of 50 concurrent messages a balance pays for, and ends at 0", async () => {
    const payer = await createLoggedInMember(app, { paidUser: true, credits: 30 });
    const other = await createLoggedInMember(app);
    const conversation = await open(payer, other);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        send(payer, conversation, `message ${index}`, {
          "idempotency-key": `concurrent-${index}-key`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    // The rest: no credits left, or the spam limit (20 a minute) — never a 5xx.
    expect(statuses.every((status) => [200, 402, 429].includes(status))).toBe(true);
    expect(await balanceOf(payer)).toBe(0);
    const db = await getDb();
    const [stored] = await db
      .select({ count: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    expect(stored?.count).toBe(3);
    const [sum] = await db
      .select({ sum: sql<number>`sum(${creditLedger.delta})::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, payer.user.id));
    expect(sum?.sum).toBe(0);
  });

  it("sends and charges a retried message (same Idempotency-Key) once", async () => {
    const payer = await createLoggedInMember(app, { paidUser: true, credits: 50 });
    const other = await createLoggedInMember(app);
    const conversation = await open(payer, other);
    const headers = { "idempotency-key": "retry-me-once-123" };
    const first = await send(payer, conversation, "Only once", headers);
    const again = await send(payer, conversation, "Only once", headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await balanceOf(payer)).toBe(40);
    const db = await getDb();
    const [stored] = await db
      .select({ count: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    expect(stored?.count).toBe(1);
  });

  it("keeps the ledger append-only", async () => {
    const member = await createLoggedInMember(app, { credits: 5 });
    const db = await getDb();
    await expect(
      db.update(creditLedger).set({ delta: 500 }).where(eq(creditLedger.userId, member.user.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(creditLedger).where(eq(creditLedger.userId, member.user.id)),
    ).rejects.toThrow();
  });

  it("sends a gift as a gift message, paid with gift_credits", async () => {
    const giver = await createLoggedInMember(app, { credits: 50 });
    const other = await createLoggedInMember(app);
    const response = await call("POST", "/api/gift.php", giver.cookie, {
      id: other.profile.id,
      gift: "rose",
    });
    expect(response.status).toBe(200);
    const { chats: list } = await chats(other);
    expect(list[0]).toMatchObject({
      profile: { id: giver.profile.id },
      last_message: { kind: "gift", gift: "rose" },
      num_unread_messages: 1,
    });
  });
});

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

    const form = new FormData();
    form.append("conversation", String(conversation));
    const jpeg = await makePhoneJpeg();
    form.append("photo", new File([jpeg as Uint8Array<ArrayBuffer>], "hello.jpg"));
    const attempts = [
      await send(alice, conversation, "Are you still there?"),
      await app.request("/api/chat-image.php", {
        method: "POST",
        headers: { cookie: alice.cookie },
        body: form,
      }),
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
    for (let index = 0; index < 20; index++) {
      expect((await send(alice, conversation, `spam ${index}`)).status).toBe(200);
    }
    const limited = await send(alice, conversation, "one more");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe("rate_limited");
  });
});

describe("image messages (spec §2)", () => {
  function sendImage(from: Member, conversation: number, bytes: Uint8Array) {
    const form = new FormData();
    form.append("conversation", String(conversation));
    form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "holiday.jpg"));
    return app.request("/api/chat-image.php", {
      method: "POST",
      headers: { cookie: from.cookie },
      body: form,
    });
  }

  it("sends a re-encoded photo for photo_credits, blurred for the recipient until opened", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const carol = await createLoggedInMember(app, { paidUser: true });
    const conversation = await open(alice, bob);
    const sent = await sendImage(alice, conversation, await makePhoneJpeg());
    expect(sent.status).toBe(200);
    const answer = await sent.json();
    expect(answer.credits).toBe(15);
    expect(answer.message).toMatchObject({
      kind: "image",
      from_me: true,
      image: { locked: false },
    });
    const own = await app.request(answer.message.image.url);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");

    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    const [image] = page.messages;
    expect(image.image).toMatchObject({ locked: true, url: null });
    expect((await app.request(image.image.blurred)).status).toBe(200);
    // Free members see it blurred (spec §1): opening it is premium.
    const refused = await call("POST", "/api/chat-image-open.php", bob.cookie, {
      message: image.id,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("premium_required");
    // Nobody else can open it.
    expect(
      (await call("POST", "/api/chat-image-open.php", carol.cookie, { message: image.id })).status,
    ).toBe(404);
    expect(
      (await call("POST", "/api/chat-image-open.php", alice.cookie, { message: image.id })).status,
    ).toBe(404);

    const db = await getDb();
    await db.update(users).set({ paidUser: true }).where(eq(users.id, bob.user.id));
    const opened = await call("POST", "/api/chat-image-open.php", bob.cookie, {
      message: image.id,
    });
    expect(opened.status).toBe(200);
    const { message } = await opened.json();
    expect(message.image.locked).toBe(false);
    expect((await app.request(message.image.url)).status).toBe(200);
  });

  it("keeps the sender's framing of a landscape photo and sends its size with the message", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const conversation = await open(alice, bob);
    // Stored 600×800 and turned by its EXIF: upright it is 800×600, landscape.
    const sent = await sendImage(alice, conversation, await makePhoneJpeg(600, 800));
    expect(sent.status).toBe(200);
    const { message } = await sent.json();
    expect(message.image).toMatchObject({ width: 720, height: 540 });
    const file = await app.request(message.image.url);
    const stored = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 720, height: 540 });

    // The recipient's list tells the size too, and the blurred stand-in has the same shape.
    const page = await (
      await call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie)
    ).json();
    const [received] = page.messages;
    expect(received.image).toMatchObject({ locked: true, width: 720, height: 540 });
    const blurred = await app.request(received.image.blurred);
    const blur = await sharp(Buffer.from(await blurred.arrayBuffer())).metadata();
    expect((blur.width ?? 0) / (blur.height ?? 1)).toBeCloseTo(720 / 540, 2);
  });

  it("refuses what is not an image, and charges nothing for it", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 20 });
    const bob = await createLoggedInMember(app);
    const conversation = await open(alice, bob);
    const refused = await sendImage(alice, conversation, new TextEncoder().encode("not an image"));
    expect(refused.status).toBe(422);
    expect(await balanceOf(alice)).toBe(20);
    const poor = await createLoggedInMember(app, { paidUser: true, credits: 2 });
    const other = await open(poor, bob);
    const broke = await sendImage(poor, other, await makePhoneJpeg());
    expect(broke.status).toBe(402);
    expect(await balanceOf(poor)).toBe(2);
  });
});
