import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { collectCommitHooks } from "../db/after-commit";
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
 * The claim of the key, the route's writes and the stored answer are one transaction (the route
 * gets it as its `db`): a process killed in the middle leaves none of them, so the retry runs the
 * write afresh, and one that committed leaves all of them, so the retry gets its answer. A repeat
 * that arrives while the first still runs waits on the claim's row (on the one connection of the
 * embedded database, on the key's unique index on PostgreSQL) and then gets the first one's
 * answer, or runs if the first rolled back: it never pays twice, and never sees "in progress".
 *
 * Follows draft-ietf-httpapi-idempotency-key-header (section "Error Scenarios"): "If there is an
 * attempt to reuse an idempotency key with a different request payload, the resource server
 * SHOULD reply with a HTTP 422 status code". The header is an sf-string, so a quoted key is
 * accepted too.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("idempotency-key");
    if (!UNSAFE.has(c.req.method) || !header) return next();
    const user = c.get("user");
    const staff = c.get("staff");
    const key = header.replace(/^"(.*)"$/, "$1");
    if (!(user || staff ? MEMBER_KEY : VISITOR_KEY).test(key)) {
      return c.json(
        { error: "validation", fields: { "Idempotency-Key": c.get("t")("validation.invalid") } },
        422,
      );
    }
    const db = c.get("db");
    const scope = user
      ? `user:${user.id}`
      : staff
        ? `staff:${staff.account.id}`
        : `visitor:${c.get("site").id}`;
    const fingerprint = await fingerprintRequest(c);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    let earlier: Response | undefined;
    try {
      const { runHooks } = await collectCommitHooks(() =>
        db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(idempotencyKeys)
            .values({ scope, key, method: c.req.method, path: c.req.path, fingerprint })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (!claimed) {
            const [previous] = await tx.select().from(idempotencyKeys).where(where).limit(1);
            earlier = answerOfTakenKey(c, previous, fingerprint);
            return;
          }
          c.set("db", tx);
          try {
            await next();
          } finally {
            c.set("db", db);
          }
          const outcome = outcomeOf(c.res);
          if (outcome === "undo") throw new UndoWrite();
          if (outcome === "keep") {
            const body = await c.res.clone().text();
            await tx.update(idempotencyKeys).set({ status: c.res.status, body }).where(where);
          } else {
            // Not an answer we can give again: the write stands, and a retry runs afresh.
            await tx.delete(idempotencyKeys).where(where);
          }
        }),
      );
      runHooks();
    } catch (error) {
      // The route's answer stands (c.res); nothing of its writes or the claim was committed.
      if (!(error instanceof UndoWrite)) throw error;
    }
    if (earlier) return earlier;
  };
}

/** Rolls back a keyed write whose answer says it was not applied (outcomeOf: "undo"). */
class UndoWrite extends Error {}

/**
 * The answer for a key already committed by an earlier request: its stored answer, or a 422 if
 * this request is not the same one. A claim without an answer (status 0) can only be a row left
 * by the claims of old, which committed before their write: 409, as they answered then, until
 * pruning forgets it.
 */
function answerOfTakenKey(
  c: Context<AppEnv>,
  previous: typeof idempotencyKeys.$inferSelect | undefined,
  fingerprint: string,
): Response {
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

/**
 * What becomes of a keyed write, by its answer:
 * - "undo": a 5xx says the write was not applied, and so it is not (the transaction rolls back,
 *   also what the route wrote before it failed); the retry runs it;
 * - "forget": the write stands but its answer is not given again, and a retry runs afresh:
 *   - a 429: the retry must run after Retry-After, and what led to it stays counted (the
 *     wrong password that blocks the account is the one answered 429);
 *   - an answer that sets or clears a cookie (login, logout, a password reset or reactivation
 *     that logs in, the cookie notice) cannot be replayed faithfully: a replay without its
 *     Set-Cookie would tell the client it is logged in when it is not, and storing session
 *     tokens is what design §10 forbids. Those calls run again on a retry, as before keys;
 *   - a redirect needs its Location;
 * - "keep": only a status and a JSON body are stored and replayed.
 */
function outcomeOf(response: Response): "undo" | "forget" | "keep" {
  const status = response.status;
  if (status >= 500) return "undo";
  if (status === 429 || (status >= 300 && status < 400) || response.headers.has("set-cookie")) {
    return "forget";
  }
  return "keep";
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
