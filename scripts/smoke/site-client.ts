import { setTimeout as sleep } from "node:timers/promises";

/** How long one request may take before the smoke calls it a failure. */
const REQUEST_TIMEOUT_MS = 15_000;

export type SiteClient = {
  /** A JSON call (or a form, for a FormData body); throws unless the status is `expect`. */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; expect?: number },
  ): Promise<T>;
  /** Logs in with the API, keeping the session cookie for the calls after it. */
  login(email: string, password: string): Promise<void>;
};

/**
 * A member's browser as far as the smoke needs one: same-origin calls to the API of the server
 * at `url`, the session cookie kept between them.
 */
export function createSiteClient(url: string): SiteClient {
  const cookies = new Map<string, string>();
  const client: SiteClient = {
    async call(method, path, options = {}) {
      const { body, expect = 200 } = options;
      const headers: Record<string, string> = {
        "sec-fetch-site": "same-origin",
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      };
      if (body !== undefined && !(body instanceof FormData)) {
        headers["content-type"] = "application/json";
      }
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const text = await response.text();
      if (response.status !== expect) {
        throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
      }
      return (text ? JSON.parse(text) : {}) as never;
    },
    async login(email, password) {
      await client.call("POST", "/api/user.php", { body: { email, password } });
    },
  };
  return client;
}

/**
 * Asks `probe` every quarter second until it answers something other than undefined; throws
 * naming `what` after `timeoutMs`.
 */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(250);
  }
  throw new Error(`${what}: nothing within ${timeoutMs / 1000} s`);
}

/** Throws `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
