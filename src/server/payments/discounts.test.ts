import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DiscountCodeView, OrderAnswer } from "../../contract/payments";
import { memberCall } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getTranslate } from "../lib/i18n";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { setSandboxOutcome } from "./sandbox";
import { discountCodes, orders } from "./schema";
import { syncOrder } from "./service";

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
    // Not used while unpaid (a checkout may be left and started again): a second order may
    // carry it too; but once a payment with it is on its way, it is taken.
    expect((await lookUp(member, `code=${code}`)).status).toBe(200);
    if (!row?.providerRef) throw new Error("no payment");
    await setSandboxOutcome(db, row.providerRef, "pending");
    await syncOrder(db, row);
    expect((await lookUp(member, `code=${code}`)).status).toBe(409);
    await setSandboxOutcome(db, row.providerRef, "paid");
    await syncOrder(db, row);
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
