import type { App } from "../server/app";

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
