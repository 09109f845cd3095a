import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * design §10: is this an unsafe request (a write) sent by a page of another site? Browsers send
 * Sec-Fetch-Site; older ones send Origin, which must name this host. Requests with neither carry
 * no ambient cookies from a foreign page (server-to-server calls, a mail provider's one-click
 * unsubscribe, tests), so they pass.
 */
export function isCrossSiteWrite(method: string, headers: Headers): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = headers.get("origin");
  return origin !== null && (origin === "null" || safeHost(origin) !== headers.get("host"));
}

/**
 * Does the browser vouch that this request comes from one of our own pages, or from the member
 * typing the address (Sec-Fetch-Site "none")? For the few GETs that change state (logout, kept
 * as GET by spec §7): without the header we cannot tell, so the answer is no.
 */
export function isSameOriginRequest(headers: Headers): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  return fetchSite === "same-origin" || fetchSite === "none";
}

/** The API's guard: refuses cross-site writes with the design §6 error shape. */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCrossSiteWrite(c.req.method, c.req.raw.headers)) {
      return c.json(
        { error: "forbidden_origin", message: c.get("t")("error.forbiddenOrigin") },
        403,
      );
    }
    return next();
  };
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
