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
