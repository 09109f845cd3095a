import { eq } from "drizzle-orm";
import type { OrderAnswer, OrderBody } from "../contract/payments";
import type { App } from "../server/app";
import { setSandboxOutcome } from "../server/payments/sandbox";
import { orders } from "../server/payments/schema";
import { getReadyDb } from "../server/startup";

/**
 * A member's JSON call to the API through `app.request`, with their session cookie; a body is
 * sent as JSON.
 * @example await memberCall(app, "POST", "/api/order.php", member.cookie, { package_id: 1 })
 */
export function memberCall(app: App, method: string, path: string, cookie: string, body?: unknown) {
  return app.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * POST /api/order.php with a discount code, for package 2 (EUR 19.99 in the Netherlands), on a
 * site chosen by its host (the default site without one), by iDEAL unless said otherwise.
 * @example await orderWithCode(app, member.cookie, "SPRING20", { host: "127.0.0.1" })
 */
export function orderWithCode(
  app: App,
  cookie: string,
  code: string,
  options: { method?: string; host?: string } = {},
) {
  return app.request("/api/order.php", {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/json",
      ...(options.host ? { host: options.host } : {}),
    },
    body: JSON.stringify({
      package_id: 2,
      method: options.method ?? "ideal",
      code,
      immediate_performance: true,
    }),
  });
}

/**
 * memberCall for one app, as a test file's `call`.
 * @example const call = memberCaller(app); await call("POST", "/api/like.php", cookie, { id })
 */
export function memberCaller(app: App) {
  return (method: string, path: string, cookie: string, body?: unknown) =>
    memberCall(app, method, path, cookie, body);
}

/**
 * A member's order through POST /api/order.php (consent given), then paid at the sandbox
 * provider: only the provider's notice (the webhook) or a sync is missing. Answers its row.
 * @example await createPaidOrder(app, member.cookie, { package_id: 1, method: "ideal" })
 */
export async function createPaidOrder(
  app: App,
  cookie: string,
  order: Omit<OrderBody, "immediate_performance">,
) {
  const answer = await memberCall(app, "POST", "/api/order.php", cookie, {
    ...order,
    immediate_performance: true,
  });
  if (answer.status !== 201) {
    throw new Error(`the order was refused: ${answer.status} ${await answer.text()}`);
  }
  const { order: created } = (await answer.json()) as OrderAnswer;
  const db = await getReadyDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, created.id));
  if (!row?.providerRef) throw new Error("no payment");
  await setSandboxOutcome(db, row.providerRef, "paid");
  return { ...row, providerRef: row.providerRef };
}

/** A payment provider's webhook, as Mollie sends it: the payment's id, form-encoded, no session. */
export function paymentWebhook(app: App, id: string) {
  return app.request("/api/payment-webhook.php", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id }).toString(),
  });
}

/**
 * A body for POST /api/directdebit.php (spec §3 Direct-debit form) that passes every check: a
 * Dutch account and address, the mandate and the consent to immediate performance ticked. Tests override what they are about.
 */
export function directDebitMandate(overrides: Record<string, unknown> = {}) {
  return {
    package_id: 2,
    holder: "Anna de Vries",
    iban: "NL91 ABNA 0417 1643 00",
    street: "Prinsengracht",
    house_number: "263",
    zip: "1016 GV",
    city: "Amsterdam",
    phone: "06 3456 7890",
    mandate: true,
    immediate_performance: true,
    ...overrides,
  };
}
