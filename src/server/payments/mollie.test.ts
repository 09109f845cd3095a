import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderAnswer } from "../../contract/payments";
import { directDebitMandate, memberCall, paymentWebhook } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember, memberBalance } from "../../test/members";
import { startMollieStandIn } from "../../test/mollie-stand-in";
import { findTextedCode } from "../../test/outbox";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { spendCredits } from "../credits/service";
import type { Providers } from "../providers";
import { getReadyDb } from "../startup";
import { refundJob } from "./job-types";
import { createMollieProvider, fromMollieValue, toMollieValue } from "./mollie";
import type { PaymentProvider } from "./provider";
import { orders } from "./schema";

const KEY = "test_standinstandinstandinstandin";
let mollie: Awaited<ReturnType<typeof startMollieStandIn>>;
/** Mollie's own client on the stand-in, once it listens. */
let provider: PaymentProvider;
/** What the app and its jobs work through: Mollie, and texts kept in the outbox. */
const providers: Providers = { payments: () => provider, sms: null };
const app = createApp({ providers });

beforeAll(async () => {
  // The stand-in's certificate is its own (src/test/mollie-stand-in.ts): this test process only.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  mollie = await startMollieStandIn(KEY);
  provider = createMollieProvider({ apiKey: KEY, apiEndpoint: mollie.apiEndpoint });
});

afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await mollie.close();
});

const webhook = (id: string) => paymentWebhook(app, id);

const credits = memberBalance;

async function order(cookie: string, method: string) {
  const answer = await memberCall(app, "POST", "/api/order.php", cookie, {
    package_id: 2,
    method,
    immediate_performance: true,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as OrderAnswer).order;
}

describe("the Mollie provider, against a stand-in of Mollie's API (design §2, §9)", () => {
  it("writes amounts as Mollie does, without floating point", () => {
    expect(toMollieValue(1999)).toBe("19.99");
    expect(toMollieValue(5)).toBe("0.05");
    expect(toMollieValue(44900)).toBe("449.00");
    expect(fromMollieValue("19.99")).toBe(1999);
    expect(fromMollieValue("19.9")).toBeNaN();
    expect(fromMollieValue("1e3")).toBeNaN();
  });

  it("creates the payment with the order's amount, method, language and return, then believes only Mollie", async () => {
    const member = await createLoggedInMember(app, { language: "de", profile: { country: "at" } });
    const placed = await order(member.cookie, "eps");
    const [payment] = [...mollie.payments.values()].filter((entry) => {
      const metadata = entry.metadata as { order_id?: number };
      return metadata.order_id === placed.id;
    });
    expect(payment).toMatchObject({
      amount: { value: "19.99", currency: "EUR" },
      method: "eps",
      locale: "de_DE",
      redirectUrl: expect.stringMatching(new RegExp(`/transactions/${placed.id}$`)),
      webhookUrl: expect.stringMatching(/\/api\/payment-webhook\.php$/),
    });
    expect(placed.checkout_url).toBe(
      `${mollie.apiEndpoint.replace("/v2/", "")}/checkout/select-method/${payment?.id}`,
    );
    const id = payment?.id ?? "";

    // The webhook says nothing by itself: Mollie still says open, so nothing happens.
    expect((await webhook(id)).status).toBe(200);
    expect((await credits(member.user.id))?.credits).toBe(0);

    // Paid at Mollie: the webhook, twice, credits once; a late 'pending' changes nothing.
    mollie.setStatus(id, "paid");
    expect((await webhook(id)).status).toBe(200);
    expect((await webhook(id)).status).toBe(200);
    mollie.setStatus(id, "pending");
    expect((await webhook(id)).status).toBe(200);
    expect(await credits(member.user.id)).toEqual({ credits: 300, paid: true });
    const state = await memberCall(app, "GET", `/api/order.php?id=${placed.id}`, member.cookie);
    expect(((await state.json()) as OrderAnswer).order.state).toBe("completed");
  });

  it("never credits a payment whose amount is not its order's", async () => {
    // Belgian, for Bancontact; a man, so that search/similar.test.ts, which owns Belgium's women
    // on a shared PostgreSQL server, never meets him.
    const member = await createLoggedInMember(app, { profile: { country: "be", gender: "male" } });
    const placed = await order(member.cookie, "bancontact");
    const payment = [...mollie.payments.values()].find(
      (entry) => (entry.metadata as { order_id?: number }).order_id === placed.id,
    );
    if (!payment) throw new Error("no payment");
    payment.amount = { value: "0.01", currency: "EUR" };
    mollie.setStatus(payment.id, "paid");
    expect((await webhook(payment.id)).status).toBe(500);
    expect((await credits(member.user.id))?.credits).toBe(0);
  });

  it("answers 502 payment_unavailable when Mollie refuses, and the order is failed", async () => {
    const refusing = createMollieProvider({
      apiKey: "test_wrongwrongwrongwrongwrong",
      apiEndpoint: mollie.apiEndpoint,
    });
    const wronglyKeyed = createApp({ providers: { payments: () => refusing, sms: null } });
    const member = await createLoggedInMember(wronglyKeyed, { profile: { country: "nl" } });
    const answer = await memberCall(wronglyKeyed, "POST", "/api/order.php", member.cookie, {
      package_id: 1,
      method: "ideal",
      immediate_performance: true,
    });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ error: "payment_unavailable" });
  });
});

describe("a repeat order through Mollie (issue 14: Mollie recurring)", () => {
  it("charges the mandate of the first payment without a checkout, else goes to the checkout", async () => {
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const repeat = () =>
      memberCall(app, "POST", "/api/repeat-order.php", member.cookie, {
        immediate_performance: true,
      });
    expect((await repeat()).status).toBe(404);

    // A first payment with a card: Mollie makes it for a customer, which then holds a mandate.
    const first = await order(member.cookie, "visa");
    const firstPayment = [...mollie.payments.values()].find(
      (entry) => (entry.metadata as { order_id?: number }).order_id === first.id,
    );
    expect(firstPayment).toMatchObject({ sequenceType: "first", method: "creditcard" });
    mollie.setStatus(firstPayment?.id ?? "", "paid");
    expect((await webhook(firstPayment?.id ?? "")).status).toBe(200);

    const again = await repeat();
    expect(again.status).toBe(201);
    const { order: repeated } = (await again.json()) as OrderAnswer;
    expect(repeated).toMatchObject({
      state: "pending",
      checkout_url: null,
      credits: 300,
      method: "visa",
    });
    const charge = [...mollie.payments.values()].find(
      (entry) => (entry.metadata as { order_id?: number }).order_id === repeated.id,
    );
    expect(charge).toMatchObject({
      sequenceType: "recurring",
      customerId: firstPayment?.customerId,
    });
    mollie.setStatus(charge?.id ?? "", "paid");
    await webhook(charge?.id ?? "");
    expect((await credits(member.user.id))?.credits).toBe(600);

    // The mandate revoked at Mollie: the repeat goes through the checkout instead.
    const customer = mollie.customers.get(firstPayment?.customerId ?? "");
    if (customer) customer.mandate = false;
    const checkout = (await (await repeat()).json()) as OrderAnswer;
    expect(checkout.order).toMatchObject({ state: "open", method: "visa" });
    expect(checkout.order.checkout_url).toContain("/checkout/");
  });
  it("debits a SEPA mandate we collected: customer, directdebit mandate, recurring payment", async () => {
    const member = await createLoggedInMember(app, { language: "nl", profile: { country: "nl" } });
    const asked = await memberCall(
      app,
      "POST",
      "/api/directdebit.php",
      member.cookie,
      directDebitMandate({ phone: "+31 6 2345 6789" }),
    );
    expect(asked.status).toBe(201);
    const { mandate } = (await asked.json()) as { mandate: number };
    const { code: otp } = await findTextedCode("+31623456789");
    const confirmed = await memberCall(app, "POST", "/api/directdebit-confirm.php", member.cookie, {
      mandate,
      otp,
    });
    expect(confirmed.status).toBe(201);
    const { order: placed } = (await confirmed.json()) as OrderAnswer;
    expect(placed).toMatchObject({ state: "pending", method: "sdd", checkout_url: null });

    const payment = [...mollie.payments.values()].find(
      (entry) => (entry.metadata as { order_id?: number }).order_id === placed.id,
    );
    expect(payment).toMatchObject({
      sequenceType: "recurring",
      method: "directdebit",
      amount: { value: "19.99", currency: "EUR" },
    });
    const given = [...mollie.mandates.values()].find(
      (entry) => entry.customerId === payment?.customerId,
    );
    expect(given).toMatchObject({
      method: "directdebit",
      consumerName: "Anna de Vries",
      consumerAccount: "NL91ABNA0417164300",
      signatureDate: new Date().toISOString().slice(0, 10),
      mandateReference: `AMORA-DD-${mandate}`,
    });

    // Collected days later: Mollie reports it paid.
    mollie.setStatus(payment?.id ?? "", "paid");
    await webhook(payment?.id ?? "");
    expect(await credits(member.user.id)).toEqual({ credits: 300, paid: true });
  });
});

describe("money Mollie gives back: chargebacks and refunds made in its dashboard (issue 25)", () => {
  async function paidOrder(cookie: string, packageId: number) {
    const answer = await memberCall(app, "POST", "/api/order.php", cookie, {
      package_id: packageId,
      method: "ideal",
      immediate_performance: true,
    });
    expect(answer.status).toBe(201);
    const { order: placed } = (await answer.json()) as OrderAnswer;
    const payment = paymentOf(placed.id);
    mollie.setStatus(payment, "paid");
    expect((await webhook(payment)).status).toBe(200);
    return { ...placed, payment };
  }

  function paymentOf(orderId: number): string {
    const payment = [...mollie.payments.values()].find(
      (entry) => (entry.metadata as { order_id?: number }).order_id === orderId,
    );
    if (!payment) throw new Error(`no payment for order ${orderId}`);
    return payment.id;
  }

  async function orderRow(id: number) {
    const db = await getReadyDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  async function takeBacks(userId: number) {
    const db = await getReadyDb();
    return db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          inArray(creditLedger.reason, ["refund", "chargeback"]),
        ),
      );
  }

  it("takes back a charged-back package's unused credits, ends premium and blocks direct debit, once", async () => {
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const bought = await paidOrder(member.cookie, 2);
    const db = await getReadyDb();
    expect(await spendCredits(db, member.user.id, 120, "message", "message:test")).toBe(180);

    mollie.chargeBack(bought.payment, bought.amount);
    // Mollie's notice, and its retries, at once and again: one take-back.
    const notices = await Promise.all(Array.from({ length: 8 }, () => webhook(bought.payment)));
    expect(notices.map((notice) => notice.status)).toEqual(Array(8).fill(200));
    expect((await webhook(bought.payment)).status).toBe(200);
    expect(await credits(member.user.id)).toEqual({ credits: 0, paid: false });
    expect(await takeBacks(member.user.id)).toEqual([{ delta: -180, reason: "chargeback" }]);
    expect(await orderRow(bought.id)).toMatchObject({
      state: "charged_back",
      chargedBackAmount: bought.amount,
      chargedBackAt: expect.any(Date),
    });
    const state = await memberCall(app, "GET", `/api/order.php?id=${bought.id}`, member.cookie);
    expect(((await state.json()) as OrderAnswer).order.state).toBe("charged_back");
    // spec §8: 'Your account is blocked for direct debit payments'.
    const debit = await memberCall(
      app,
      "POST",
      "/api/directdebit.php",
      member.cookie,
      directDebitMandate({ phone: "+31 6 1234 5670" }),
    );
    expect(debit.status).toBe(403);
    expect(await debit.json()).toMatchObject({ error: "direct_debit_blocked" });
  });

  it("refunds an order refunded in full in the dashboard, and only records a partial refund", async () => {
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const older = await paidOrder(member.cookie, 1);
    const newer = await paidOrder(member.cookie, 2);
    const db = await getReadyDb();
    // Oldest first: 50 of the older package's 100 credits are spent.
    expect(await spendCredits(db, member.user.id, 50, "message", "message:test")).toBe(350);

    // A goodwill refund of part of the price: recorded, the credits stay.
    mollie.refundInDashboard(older.payment, 500);
    await webhook(older.payment);
    expect(await orderRow(older.id)).toMatchObject({ state: "completed", refundedAmount: 500 });
    expect(await credits(member.user.id)).toEqual({ credits: 350, paid: true });

    // The rest refunded: the order is refunded and what is left of its package taken back; the
    // newer purchase keeps the member premium.
    mollie.refundInDashboard(older.payment, older.amount - 500);
    await webhook(older.payment);
    await webhook(older.payment);
    expect(await orderRow(older.id)).toMatchObject({
      state: "refunded",
      refundedAmount: older.amount,
    });
    expect(await credits(member.user.id)).toEqual({ credits: 300, paid: true });
    expect(await takeBacks(member.user.id)).toEqual([{ delta: -50, reason: "refund" }]);

    // The newer package is untouched (the older one's credits were spent and taken back), so
    // it can still be withdrawn; Mollie's report of our own refund changes nothing more.
    const withdrawn = await memberCall(app, "POST", "/api/withdraw.php", member.cookie, {
      order: newer.id,
    });
    expect(withdrawn.status).toBe(200);
    await runJobsNamed([refundJob.name], undefined, providers);
    expect(mollie.refunds.filter((refund) => refund.paymentId === newer.payment)).toHaveLength(1);
    await webhook(newer.payment);
    expect(await orderRow(newer.id)).toMatchObject({
      state: "refunded",
      refundedAmount: newer.amount,
    });
    expect(await credits(member.user.id)).toEqual({ credits: 0, paid: false });
    expect(await takeBacks(member.user.id)).toHaveLength(2);
  });
});
