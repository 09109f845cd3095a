import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DiscountCodeView, OrderAnswer } from "../../contract/payments";
import { memberCall } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember, memberBalance } from "../../test/members";
import { createApp } from "../app";
import { getTranslate } from "../lib/i18n";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { syncOrder } from "./crediting";
import { refundJob } from "./job-types";
import { createSandboxProvider, type SandboxOutcome, setSandboxOutcome } from "./sandbox";
import { discountCodes, discountCodeUses, orders, sandboxPayments } from "./schema";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const HOUR = 60 * 60 * 1000;

/** A member who signed up `hoursAgo` hours ago. */
async function newcomer(
  hoursAgo: number,
  options: Parameters<typeof createLoggedInMember>[1] = {},
) {
  const member = await createLoggedInMember(app, {
    ...options,
    profile: { country: "nl", ...options.profile },
  });
  const db = await getReadyDb();
  await db
    .update(users)
    .set({ signupDate: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(users.id, member.user.id));
  return member;
}

async function lookUp(member: Member, query: string) {
  return memberCall(app, "GET", `/api/discountcode.php?${query}`, member.cookie);
}

/** A code of the test's own: a unique name, the given restrictions. */
async function makeCode(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const code = `T${randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;
  const db = await getReadyDb();
  await db.insert(discountCodes).values({ code, valuePercentage: 10, ...values });
  return code;
}

async function order(member: Member, body: Record<string, unknown>) {
  return memberCall(app, "POST", "/api/order.php", member.cookie, {
    immediate_performance: true,
    ...body,
  });
}

/** The provider reports an order's payment as `outcome` (the sandbox's page, then its sync). */
async function settleOrder(orderId: number, outcome: SandboxOutcome = "paid") {
  const db = await getReadyDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row?.providerRef) throw new Error(`order ${orderId} has no payment`);
  await setSandboxOutcome(db, row.providerRef, outcome);
  return syncOrder(db, createSandboxProvider(db), row);
}

const completeOrder = (orderId: number) => settleOrder(orderId, "paid");

describe("GET /api/discountcode.php (spec §3, §5, §7)", () => {
  it("gives a new member the time bonus first, then the welcome discount; none once paid", async () => {
    const fresh = await newcomer(1);
    const bonus = (await (await lookUp(fresh, "welcome=true")).json()) as DiscountCodeView;
    expect(bonus).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25, expired: false });
    expect(bonus.validity).toBeGreaterThan(3 * 3600 - 60);
    expect(bonus.validity).toBeLessThanOrEqual(3 * 3600);

    const later = await newcomer(5);
    const welcome = (await (await lookUp(later, "welcome=true")).json()) as DiscountCodeView;
    expect(welcome).toMatchObject({ code: "WELCOME25", value_percentage: 25 });
    // The time bonus ran out: typed in, it is not found.
    expect((await lookUp(later, "code=TIMEBONUS25")).status).toBe(404);

    expect((await lookUp(await newcomer(8 * 24), "welcome=true")).status).toBe(404);
    expect((await lookUp(await newcomer(1, { paidUser: true }), "welcome=true")).status).toBe(404);
  });

  it("answers the spec's errors, translated: 'Code not found', 'Code already used'", async () => {
    const member = await newcomer(200, { language: "de" });
    const unknown = await lookUp(member, "code=NOSUCHCODE");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "code_not_found",
      message: getTranslate("de")("payments.code.notFound"),
    });
    const other = await newcomer(200);
    for (const hidden of [
      await makeCode({ userId: other.user.id }),
      await makeCode({ expiresAt: new Date(Date.now() - 1000) }),
      await makeCode({ status: "disabled" }),
      await makeCode({ country: "pl" }),
    ]) {
      expect((await lookUp(member, `code=${hidden}`)).status, hidden).toBe(404);
    }
    const mine = await makeCode({ valuePercentage: 20 });
    // Codes are read case-insensitively.
    const found = (await (
      await lookUp(member, `code=${mine.toLowerCase()}`)
    ).json()) as DiscountCodeView;
    expect(found).toMatchObject({
      code: mine,
      value_percentage: 20,
      validity: null,
      expired: false,
    });
    for (const query of ["code=", `code=${"x".repeat(41)}`]) {
      expect((await lookUp(member, query)).status).toBe(422);
    }
  });
});

describe("guessing discount codes (issue 25)", () => {
  it("answers another member's code, used by them or not, exactly as an unknown one", async () => {
    const member = await newcomer(200);
    const other = await newcomer(200);
    const theirs = await makeCode({ userId: other.user.id });
    const used = await makeCode({ userId: other.user.id });
    const theirOrder = await order(other, { package_id: 1, method: "ideal", code: used });
    expect(theirOrder.status).toBe(201);
    await completeOrder(((await theirOrder.json()) as OrderAnswer).order.id);

    const unknown = await lookUp(member, "code=NOSUCHCODE1");
    const expected = { status: unknown.status, body: await unknown.json() };
    expect(expected.status).toBe(404);
    for (const code of [theirs, used]) {
      const answer = await lookUp(member, `code=${code}`);
      expect({ status: answer.status, body: await answer.json() }, code).toEqual(expected);
    }
  });

  it("stops a member's lookups after 20 an hour, a real code included, but not their own offer", async () => {
    const member = await newcomer(1, { language: "fr" });
    const real = await makeCode();
    for (let guess = 0; guess < 20; guess += 1) {
      expect((await lookUp(member, `code=GUESS${guess}`)).status).toBe(404);
    }
    for (const query of ["code=GUESS20", `code=${real}`]) {
      const refused = await lookUp(member, query);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^[0-9]+$/);
      expect(await refused.json()).toEqual({
        error: "rate_limited",
        message: getTranslate("fr")("error.rateLimited"),
      });
    }
    expect((await lookUp(member, "welcome=true")).status).toBe(200);
  });
});

describe("a discount on an order (issue 14)", () => {
  it("takes its percentage off the server's price, and is used once, when the order completes", async () => {
    const member = await newcomer(200, { language: "de" });
    const code = await makeCode({ valuePercentage: 20 });
    const answer = await order(member, { package_id: 2, method: "ideal", code, amount: 1 });
    expect(answer.status).toBe(201);
    const placed = ((await answer.json()) as OrderAnswer).order;
    expect(placed.amount).toBe(1599);

    const db = await getReadyDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ listAmount: 1999, discountCode: code, discountPercent: 20 });
    // issue 25: the order holds it from the start, while the member is at the checkout.
    const held = await lookUp(member, `code=${code}`);
    expect(held.status).toBe(409);
    expect(await held.json()).toEqual({
      error: "code_held",
      message: getTranslate("de")("payments.code.held"),
    });
    await settleOrder(placed.id, "pending");
    expect((await lookUp(member, `code=${code}`)).status).toBe(409);
    await completeOrder(placed.id);
    const used = await lookUp(member, `code=${code}`);
    expect(used.status).toBe(409);
    expect(await used.json()).toEqual({
      error: "code_used",
      message: getTranslate("de")("payments.code.used"),
    });
    const again = await order(member, { package_id: 2, method: "ideal", code });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { fields: Record<string, string> }).fields.code).toBe(
      getTranslate("de")("payments.code.used"),
    );
  });

  it("holds to its minimum order value, currency and methods", async () => {
    const member = await newcomer(200);
    const t = getTranslate("en");
    const cases: [Partial<typeof discountCodes.$inferInsert>, string][] = [
      [{ minimumOrderValue: 3000, currency: "EUR" }, t("payments.code.minimum")],
      [{ currency: "SEK" }, t("payments.code.currency")],
      [{ paymentMethods: ["paypal"] }, t("payments.code.method")],
    ];
    for (const [values, message] of cases) {
      const code = await makeCode(values);
      const refused = await order(member, { package_id: 2, method: "ideal", code });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { fields: Record<string, string> }).fields.code).toBe(
        message,
      );
    }
    const big = await makeCode({ minimumOrderValue: 3000, currency: "EUR" });
    expect((await order(member, { package_id: 3, method: "ideal", code: big })).status).toBe(201);
    const paypal = await makeCode({ paymentMethods: ["paypal"] });
    expect((await order(member, { package_id: 2, method: "paypal", code: paypal })).status).toBe(
      201,
    );
  });

  it("gives the time bonus to a new member's order, and never to a paid member's", async () => {
    const fresh = await newcomer(1);
    const answer = await order(fresh, { package_id: 1, method: "ideal", code: "TIMEBONUS25" });
    expect(((await answer.json()) as OrderAnswer).order.amount).toBe(749);
    const paid = await newcomer(1, { paidUser: true });
    expect(
      (await order(paid, { package_id: 1, method: "ideal", code: "TIMEBONUS25" })).status,
    ).toBe(422);
  });
});

describe("a one-use code held by the order that takes it (issue 25)", () => {
  async function heldRace(member: Member, code: string) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => order(member, { package_id: 1, method: "ideal", code })),
    );
    const won = answers.filter((answer) => answer.status === 201);
    const lost = answers.filter((answer) => answer.status !== 201);
    expect(won, code).toHaveLength(1);
    for (const answer of lost) {
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as { fields: Record<string, string> }).fields.code).toBe(
        getTranslate("en")("payments.code.held"),
      );
    }
    const [winner] = won;
    if (!winner) throw new Error(`no order took ${code}`);
    return ((await winner.json()) as OrderAnswer).order;
  }

  it("lets one of 10 orders at once take TIMEBONUS25, WELCOME25 or a table code", async () => {
    const cases: [Member, string][] = [
      [await newcomer(1), "TIMEBONUS25"],
      [await newcomer(5), "WELCOME25"],
      [await newcomer(200), await makeCode({ valuePercentage: 20 })],
    ];
    for (const [member, code] of cases) {
      const winner = await heldRace(member, code);
      const before = await memberBalance(member.user.id);
      await completeOrder(winner.id);
      expect((await memberBalance(member.user.id))?.credits).toBe(
        (before?.credits ?? 0) + winner.credits,
      );
      const db = await getReadyDb();
      const discounted = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, member.user.id), eq(orders.discountCode, code)));
      expect(discounted.map((row) => row.state)).toEqual(["completed"]);
    }
  });

  it("is released when its order fails, is cancelled or expires, and kept once completed", async () => {
    const member = await newcomer(200);
    const code = await makeCode();
    const take = async () => {
      const answer = await order(member, { package_id: 1, method: "ideal", code });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as OrderAnswer).order;
    };
    await settleOrder((await take()).id, "failed");
    await settleOrder((await take()).id, "canceled");
    // The provider lets an abandoned checkout expire (Mollie's `expired`).
    const abandoned = await take();
    const db = await getReadyDb();
    await db
      .update(sandboxPayments)
      .set({ status: "expired" })
      .where(eq(sandboxPayments.orderId, abandoned.id));
    const [row] = await db.select().from(orders).where(eq(orders.id, abandoned.id));
    if (!row) throw new Error("no order");
    expect((await syncOrder(db, createSandboxProvider(db), row)).state).toBe("cancelled");

    const kept = await take();
    await completeOrder(kept.id);
    const again = await order(member, { package_id: 1, method: "ideal", code });
    expect(((await again.json()) as { fields: Record<string, string> }).fields.code).toBe(
      getTranslate("en")("payments.code.used"),
    );
    expect(await db.select().from(discountCodeUses).where(eq(discountCodeUses.code, code))).toEqual(
      [expect.objectContaining({ userId: member.user.id, orderId: kept.id })],
    );
  });

  it("refunds, uncredited, an order paid after its time bonus ran out; one under way in time keeps it", async () => {
    const db = await getReadyDb();
    const late = await newcomer(1);
    const lateBefore = await memberBalance(late.user.id);
    const lateAnswer = await order(late, { package_id: 1, method: "ideal", code: "TIMEBONUS25" });
    const lateOrder = ((await lateAnswer.json()) as OrderAnswer).order;
    const [taken] = await db.select().from(orders).where(eq(orders.id, lateOrder.id));
    // The order holds the code until the bonus's 4 hours are over: then they pass, the checkout
    // still open.
    const [signedUp] = await db
      .select({ at: users.signupDate })
      .from(users)
      .where(eq(users.id, late.user.id));
    expect(taken?.codeHeldUntil?.getTime()).toBe((signedUp?.at.getTime() ?? 0) + 4 * HOUR);
    await db
      .update(orders)
      .set({ codeHeldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, lateOrder.id));
    // Its checkout is offered no more...
    const ended = await memberCall(app, "GET", `/api/order.php?id=${lateOrder.id}`, late.cookie);
    expect(((await ended.json()) as OrderAnswer).order).toMatchObject({
      state: "open",
      checkout_url: null,
    });
    // ...but a tab left open pays it all the same.
    const settled = await completeOrder(lateOrder.id);
    expect(settled).toMatchObject({ state: "refunded", creditedAt: null });
    expect(settled.codeLapsedAt).not.toBeNull();
    expect(await memberBalance(late.user.id)).toEqual(lateBefore);
    expect(
      await db.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, lateOrder.id)),
    ).toEqual([]);
    await runJobsNamed([refundJob.name]);
    const [refund] = await db
      .select({ refunded: sandboxPayments.refunded })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderId, lateOrder.id));
    expect(refund?.refunded).toBe(749);

    // Paid (pending: a bank's confirmation) before the end, completed after it: credited.
    const early = await newcomer(1);
    const earlyBefore = await memberBalance(early.user.id);
    const earlyAnswer = await order(early, { package_id: 1, method: "ideal", code: "TIMEBONUS25" });
    const earlyOrder = ((await earlyAnswer.json()) as OrderAnswer).order;
    await settleOrder(earlyOrder.id, "pending");
    await db
      .update(orders)
      .set({ codeHeldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, earlyOrder.id));
    expect(await completeOrder(earlyOrder.id)).toMatchObject({ state: "completed", amount: 749 });
    expect(await memberBalance(early.user.id)).toEqual({
      credits: (earlyBefore?.credits ?? 0) + 100,
      paid: true,
    });
  });
});
