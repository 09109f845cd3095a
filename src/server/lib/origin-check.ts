import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * design §10: unsafe methods from another origin are refused. Browsers send Sec-Fetch-Site;
 * older ones send Origin, which must name this host. Requests without either (server-to-server
 * clients, tests) carry no ambient cookies from a foreign page, so they pass.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const fetchSite = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const host = c.req.header("host");
    const refused = fetchSite
      ? fetchSite !== "same-origin" && fetchSite !== "none"
      : origin !== undefined && (origin === "null" || safeHost(origin) !== host);
    if (refused) {
      return c.json({ error: "forbidden_origin", message: c.var.t("error.forbiddenOrigin") }, 403);
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
