import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "./context";
import { idempotencyKeys } from "./idempotency-schema";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** A member's key only has to be unique among that member's own writes. */
const MEMBER_KEY = /^[A-Za-z0-9_-]{8,100}$/;
/**
 * Visitors of a site share one scope, so a visitor's key must be unguessable: 32 characters at
 * least, room for the 128 random bits our client sends as hex (a UUID's 36 carry 122 bits).
 * Guessing one then is hopeless, and the fingerprint means a guessed key would only replay the
 * answer to the guesser's own identical request; what it could do is claim a key before its
 * owner does, which the length rules out.
 */
const VISITOR_KEY = /^[A-Za-z0-9_-]{32,100}$/;
/**
 * How long a key is remembered (design §10a), stated in the API document: the IETF draft asks
 * for a retention the client is told about. A day outlasts any sensible client's retries.
 */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;
/** Statuses whose answer has no body (a Response with one cannot be built). */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * design §6: a retried write carries the same Idempotency-Key and is applied once; a repeat gets
 * the first answer again. Members' keys are scoped to the member, visitors' keys to the site, so a
 * visitor's retried password reset sends one e-mail and counts once against its daily limit.
 *
 * Follows draft-ietf-httpapi-idempotency-key-header (section "Error Scenarios"): "If there is an
 * attempt to reuse an idempotency key with a different request payload, the resource server
 * SHOULD reply with a HTTP 422 status code", and a retry "while the original request is still
 * being processed" gets 409. The header is an sf-string, so a quoted key is accepted too.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("idempotency-key");
    if (!UNSAFE.has(c.req.method) || !header) return next();
    const user = c.get("user");
    const key = header.replace(/^"(.*)"$/, "$1");
    if (!(user ? MEMBER_KEY : VISITOR_KEY).test(key)) {
      return c.json(
        { error: "validation", fields: { "Idempotency-Key": c.get("t")("validation.invalid") } },
        422,
      );
    }
    const db = c.get("db");
    const scope = user ? `user:${user.id}` : `visitor:${c.get("site").id}`;
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
          { error: "idempotency_key_reused", message: c.get("t")("error.idempotencyKeyReused") },
          422,
        );
      }
      if (!previous || previous.status === 0) {
        return c.json(
          { error: "idempotency_conflict", message: c.get("t")("error.idempotencyConflict") },
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
    if (isReplayable(c.res)) {
      const body = await c.res.clone().text();
      await db.update(idempotencyKeys).set({ status: c.res.status, body }).where(where);
    } else {
      // Not an answer we can give again: let a retry run the call afresh.
      await db.delete(idempotencyKeys).where(where);
    }
  };
}

/**
 * Only a status and a JSON body are stored, so only answers made of nothing else are replayed:
 * - 5xx and 429 mean the write was not applied; the retry must run it (after Retry-After);
 * - an answer that sets or clears a cookie (login, logout, a password reset or reactivation that
 *   logs in, the cookie notice) cannot be replayed faithfully: a replay without its Set-Cookie
 *   would tell the client it is logged in when it is not, and storing session tokens is what
 *   design §10 forbids. Those calls run again on a retry, as they did before keys existed;
 * - a redirect needs its Location.
 */
function isReplayable(response: Response): boolean {
  const status = response.status;
  if (status >= 500 || status === 429 || (status >= 300 && status < 400)) return false;
  return !response.headers.has("set-cookie");
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

/**
 * design §10a: forgets keys older than IDEMPOTENCY_KEY_RETENTION_HOURS, with the whole answers
 * they kept. A retry with a forgotten key runs the call afresh. Answers the rows deleted.
 */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 60 * 60 * 1000);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
