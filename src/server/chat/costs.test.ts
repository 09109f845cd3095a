import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceOf, chatCalls } from "../../test/chat";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { getDb } from "../db/client";
import { messages } from "./schema";

const app = createApp();
const { call, open, send, chats } = chatCalls(app);

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
