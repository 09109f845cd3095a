import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderAnswer, PackagesAnswer, TransactionsAnswer } from "../../contract/payments";
import { formatMoney } from "../../i18n/money";
import { directDebitMandate, memberCall, paymentWebhook } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember, memberBalance } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { getTranslate } from "../lib/i18n";
import { getReadyDb } from "../startup";
import { PAYMENT_SYNC_JOB, RECEIPT_MAIL_JOB } from "./crediting";
import { type SandboxOutcome, setSandboxOutcome } from "./sandbox";
import { orders } from "./schema";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

function buyer(country = "nl", options: Parameters<typeof createLoggedInMember>[1] = {}) {
  return createLoggedInMember(app, { ...options, profile: { country, ...options.profile } });
}

async function order(member: Member, body: Record<string, unknown>) {
  return memberCall(app, "POST", "/api/order.php", member.cookie, {
    immediate_performance: true,
    ...body,
  });
}

async function placeOrder(member: Member, packageId = 2, method = "ideal") {
  const answer = await order(member, { package_id: packageId, method });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as OrderAnswer).order;
}

async function orderState(member: Member, id: number) {
  const answer = await memberCall(app, "GET", `/api/order.php?id=${id}`, member.cookie);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as OrderAnswer).order;
}

/** The sandbox payment behind an order, as its checkout page knows it. */
async function paymentOf(orderId: number) {
  const db = await getReadyDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row?.providerRef) throw new Error(`order ${orderId} has no payment`);
  return row.providerRef;
}

async function pay(member: Member, orderId: number, outcome: SandboxOutcome) {
  return memberCall(app, "POST", "/api/sandbox/checkout.php", member.cookie, {
    id: await paymentOf(orderId),
    outcome,
  });
}

const balanceOf = memberBalance;

const webhook = (id: string) => paymentWebhook(app, id);

describe("GET /api/packages.php (issue 14)", () => {
  it("prices the packages in the member's currency and offers their country's methods first", async () => {
    const dane = await buyer("dk");
    const answer = (await (
      await memberCall(app, "GET", "/api/packages.php", dane.cookie)
    ).json()) as PackagesAnswer;
    expect(answer.currency).toBe("DKK");
    expect(answer.packages.map((entry) => entry.currency)).toEqual(["DKK", "DKK", "DKK", "DKK"]);
    expect(answer.packages.filter((entry) => entry.popular)).toHaveLength(1);
    expect(answer.packages[0]?.discount_percent).toBe(0);
    expect(answer.packages.at(-1)?.discount_percent).toBeGreaterThan(0);
    expect(answer.methods.slice(0, 2)).toEqual(["mobilepay", "dankort"]);
    expect(answer.methods).not.toContain("ideal");

    const dutch = (await (
      await memberCall(app, "GET", "/api/packages.php", (await buyer("nl")).cookie)
    ).json()) as PackagesAnswer;
    expect(dutch.currency).toBe("EUR");
    expect(dutch.methods[0]).toBe("ideal");

    // Methods no provider offers any more are never shown.
    const german = (await (
      await memberCall(app, "GET", "/api/packages.php", (await buyer("de")).cookie)
    ).json()) as PackagesAnswer;
    expect(german.methods).toContain("sdd");
    expect(german.methods).not.toContain("giropay");
    expect(german.methods).not.toContain("sofort");

    // A visitor sees the site's home market: Herzklopfen is German.
    const visitor = (await (
      await app.request("/api/packages.php", { headers: { host: "127.0.0.1" } })
    ).json()) as PackagesAnswer;
    expect(visitor.currency).toBe("EUR");
  });
});

describe("an order through the sandbox provider (issue 14, design §9)", () => {
  it("is priced on the server, whatever the client sends", async () => {
    const member = await buyer("se");
    const placed = await placeOrder(member, 1, "swish");
    const tampered = await order(member, {
      package_id: 1,
      method: "swish",
      amount: 1,
      credits: 100000,
      currency: "EUR",
    });
    expect(tampered.status).toBe(201);
    const { order: second } = (await tampered.json()) as OrderAnswer;
    expect({ ...second, id: 0, created_at: "", checkout_url: "" }).toEqual({
      ...placed,
      id: 0,
      created_at: "",
      checkout_url: "",
    });
    expect(placed).toMatchObject({ state: "open", credits: 100, amount: 10900, currency: "SEK" });
    expect(placed.checkout_url).toMatch(/\/sandbox\/checkout\/tr_sandbox_/);
  });

  it("refuses an unknown package, a method not offered and a visitor, with translated errors", async () => {
    const member = await buyer("pl", { language: "pl" });
    const unknown = await order(member, { package_id: 99, method: "blik" });
    expect(unknown.status).toBe(404);
    const polish = getTranslate("pl");
    expect(((await unknown.json()) as { message: string }).message).toBe(
      polish("payments.error.packageNotFound"),
    );
    const ideal = await order(member, { package_id: 1, method: "ideal" });
    expect(ideal.status).toBe(422);
    const fields = ((await ideal.json()) as { fields: Record<string, string> }).fields;
    expect(fields.method).toBe(polish("payments.error.methodNotOffered"));
    expect(fields.method).not.toBe(getTranslate("en")("payments.error.methodNotOffered"));
    for (const body of [
      { package_id: 2 ** 31, method: "blik" },
      { package_id: 1, method: "bitcoin" },
      { package_id: "1", method: "blik" },
      {},
    ]) {
      expect((await order(member, body)).status).toBe(422);
    }
    const visitor = await app.request("/api/order.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ package_id: 1, method: "ideal", immediate_performance: true }),
    });
    expect(visitor.status).toBe(403);
  });

  it("orders only with the consent to immediate performance, kept on the order with its time", async () => {
    const member = await buyer("de", { language: "de" });
    for (const consent of [undefined, false, "true"]) {
      const refused = await order(member, {
        package_id: 1,
        method: "paypal",
        immediate_performance: consent,
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        error: "validation",
        fields: { immediate_performance: getTranslate("de")("payments.consent.required") },
      });
    }
    const repeat = await memberCall(app, "POST", "/api/repeat-order.php", member.cookie, {});
    expect(repeat.status).toBe(422);
    const mandate = await memberCall(
      app,
      "POST",
      "/api/directdebit.php",
      member.cookie,
      directDebitMandate({ immediate_performance: undefined }),
    );
    expect(mandate.status).toBe(422);
    expect(await mandate.json()).toMatchObject({
      fields: { immediate_performance: getTranslate("de")("payments.consent.required") },
    });
    const before = Date.now();
    const placed = await placeOrder(member, 1, "paypal");
    const db = await getReadyDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.consentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.consentedAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("completes: credits once, makes the member premium, and e-mails the receipt in their language", async () => {
    const member = await buyer("de", { language: "de", credits: 5 });
    const placed = await placeOrder(member, 2, "paypal");
    expect((await pay(member, placed.id, "paid")).status).toBe(200);
    // The member's return asks the provider, and so does the webhook job, twice: one credit.
    expect((await orderState(member, placed.id)).state).toBe("completed");
    expect((await orderState(member, placed.id)).state).toBe("completed");
    await runJobsNamed([PAYMENT_SYNC_JOB]);
    expect((await webhook(await paymentOf(placed.id))).status).toBe(200);
    expect(await balanceOf(member.user.id)).toEqual({ credits: 305, paid: true });

    const history = (await (
      await memberCall(app, "GET", "/api/transactions.php", member.cookie)
    ).json()) as TransactionsAnswer;
    expect(history.entries[0]).toMatchObject({
      delta: 300,
      balance_after: 305,
      reason: "purchase",
      order_id: placed.id,
    });

    await runJobsNamed([RECEIPT_MAIL_JOB]);
    await runJobsNamed([RECEIPT_MAIL_JOB]);
    const mails = (await findMailsTo(member.email)).filter((mail) => mail.kind === "receipt");
    expect(mails).toHaveLength(1);
    const [receipt] = mails;
    expect(receipt?.subject).toContain(`#${placed.id}`);
    expect(receipt?.text).toContain(formatMoney("de", 1999, "EUR"));
    expect(receipt?.text).toContain("Amora Media B.V.");
    expect(receipt?.text).toContain("NL862345678B01");
    expect(receipt?.text).toContain("PayPal");
    expect(receipt?.text).toMatch(/14 Tage/);
    // Directive 2011/83/EU art. 8(7)(b): the consent, confirmed on a durable medium.
    const consent = getTranslate("de")("payments.receipt.consent", { date: "{date}" });
    const [start = "", end = ""] = consent.split("{date}");
    expect(receipt?.text.replace(/\s+/g, " ")).toContain(start.trim());
    expect(receipt?.text.replace(/\s+/g, " ")).toContain(end.trim().slice(0, 60));
  });

  it("goes pending, then completed; failed and cancelled credit nothing and stay so", async () => {
    const member = await buyer("nl");
    const pending = await placeOrder(member);
    await pay(member, pending.id, "pending");
    expect((await orderState(member, pending.id)).state).toBe("pending");
    expect((await orderState(member, pending.id)).checkout_url).toBeTruthy();
    await pay(member, pending.id, "paid");
    expect((await orderState(member, pending.id)).state).toBe("completed");
    expect((await balanceOf(member.user.id))?.credits).toBe(300);

    for (const [outcome, state] of [
      ["failed", "failed"],
      ["canceled", "cancelled"],
    ] as const) {
      const placed = await placeOrder(member, 1);
      await pay(member, placed.id, outcome);
      const seen = await orderState(member, placed.id);
      expect(seen.state).toBe(state);
      expect(seen.checkout_url).toBeNull();
      // The provider's page cannot turn a finished payment around.
      await pay(member, placed.id, "paid");
      expect((await orderState(member, placed.id)).state).toBe(state);
    }
    expect((await balanceOf(member.user.id))?.credits).toBe(300);
  });

  it("belongs to its member alone: another member cannot see it, pay it or read its history", async () => {
    const owner = await buyer("nl");
    const other = await buyer("nl");
    const placed = await placeOrder(owner);
    const seen = await memberCall(app, "GET", `/api/order.php?id=${placed.id}`, other.cookie);
    expect(seen.status).toBe(404);
    const payment = await paymentOf(placed.id);
    const paid = await memberCall(app, "POST", "/api/sandbox/checkout.php", other.cookie, {
      id: payment,
      outcome: "paid",
    });
    expect(paid.status).toBe(404);
    expect((await orderState(owner, placed.id)).state).toBe("open");
    for (const path of ["/api/order.php?id=2147483648", "/api/order.php?id=1%00"]) {
      expect((await memberCall(app, "GET", path, owner.cookie)).status).toBe(422);
    }
  });
});

describe("a repeat order through the sandbox (issue 14)", () => {
  it("buys the last package again with the same method in one step, at today's price", async () => {
    const member = await buyer("dk");
    const repeat = () =>
      memberCall(app, "POST", "/api/repeat-order.php", member.cookie, {
        immediate_performance: true,
      });
    const none = await repeat();
    expect(none.status).toBe(404);
    const placed = await placeOrder(member, 3, "mobilepay");
    await pay(member, placed.id, "failed");
    expect((await repeat()).status).toBe(404);
    const paid = await placeOrder(member, 3, "mobilepay");
    await pay(member, paid.id, "paid");
    await orderState(member, paid.id);
    const again = await repeat();
    expect(again.status).toBe(201);
    const { order: repeated } = (await again.json()) as OrderAnswer;
    expect(repeated).toMatchObject({
      state: "completed",
      credits: 700,
      amount: 25900,
      currency: "DKK",
      method: "mobilepay",
      checkout_url: null,
    });
    expect((await balanceOf(member.user.id))?.credits).toBe(1400);
  });
});

describe("the payment webhook (design §9)", () => {
  it("believes only the provider: an unknown id is ignored, a malformed one refused", async () => {
    expect((await webhook("tr_unknown")).status).toBe(200);
    expect((await webhook("x".repeat(65))).status).toBe(422);
    expect((await webhook("tr_a'b")).status).toBe(422);
    const member = await buyer("nl");
    const placed = await placeOrder(member);
    // The webhook of a payment nobody paid changes nothing.
    expect((await webhook(await paymentOf(placed.id))).status).toBe(200);
    expect((await orderState(member, placed.id)).state).toBe("open");
  });

  it("credits each of 50 orders exactly once under 200 concurrent webhooks", async () => {
    // Five members of ten orders each: one member's orders are rate-limited well below 50.
    const members = await Promise.all(Array.from({ length: 5 }, () => buyer("nl")));
    const placed = [];
    for (const member of members) {
      for (let index = 0; index < 10; index++) placed.push(await placeOrder(member, 1));
    }
    const db = await getReadyDb();
    const payments = await Promise.all(placed.map((entry) => paymentOf(entry.id)));
    for (const id of payments) await setSandboxOutcome(db, id, "paid");
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => webhook(payments[index % 50] as string)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    for (const member of members) {
      expect((await balanceOf(member.user.id))?.credits).toBe(10 * 100);
      const rows = await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, member.user.id));
      expect(rows).toHaveLength(10);
    }
  });
});
