import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { idempotencyKeys } from "./idempotency-schema";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** Statuses whose answer has no body (a Response with one cannot be built). */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * design §6: a member's retried write carries the same Idempotency-Key and is applied once; a
 * repeat gets the first answer again. Writes before login (the login call itself) are not
 * recorded: replaying a login would need its session cookie stored, which design §10 forbids.
 *
 * Follows draft-ietf-httpapi-idempotency-key-header (section "Error Scenarios"): "If there is an
 * attempt to reuse an idempotency key with a different request payload, the resource server
 * SHOULD reply with a HTTP 422 status code", and a retry "while the original request is still
 * being processed" gets 409. The header is an sf-string, so a quoted key is accepted too.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("idempotency-key");
    const user = c.var.user;
    if (!UNSAFE.has(c.req.method) || !header || !user) return next();
    const key = header.replace(/^"(.*)"$/, "$1");
    if (!KEY.test(key)) {
      return c.json(
        { error: "validation", fields: { "Idempotency-Key": c.var.t("validation.invalid") } },
        422,
      );
    }
    const db = c.var.db;
    const scope = `user:${user.id}`;
    const fingerprint = await fingerprintRequest(c);
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, method: c.req.method, path: c.req.path, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    if (!claimed) {
      const [previous] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (previous && previous.fingerprint !== fingerprint) {
        return c.json(
          { error: "idempotency_key_reused", message: c.var.t("error.idempotencyKeyReused") },
          422,
        );
      }
      if (!previous || previous.status === 0) {
        return c.json(
          { error: "idempotency_conflict", message: c.var.t("error.idempotencyConflict") },
          409,
        );
      }
      return new Response(NULL_BODY.has(previous.status) ? null : previous.body, {
        status: previous.status,
        headers: {
          "content-type": "application/json",
          "cache-control": "no-store",
          "idempotent-replayed": "true",
        },
      });
    }

    try {
      await next();
    } catch (error) {
      await db.delete(idempotencyKeys).where(where);
      throw error;
    }
    if (c.res.status >= 500) {
      // A failed attempt is not an answer: let the retry run it again.
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = await c.res.clone().text();
      await db.update(idempotencyKeys).set({ status: c.res.status, body }).where(where);
    }
  };
}

/**
 * SHA-256 of the method, the path with its query (DELETE /photos.php?id= names its target there)
 * and the raw body bytes. The body is read from a clone, so the route still reads the original.
 */
async function fingerprintRequest(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const head = new TextEncoder().encode(`${c.req.method} ${url.pathname}${url.search}\n`);
  const body = new Uint8Array(await c.req.raw.clone().arrayBuffer());
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head);
  bytes.set(body, head.length);
  return encodeHexLowerCase(sha256(bytes));
}
