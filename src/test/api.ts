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
