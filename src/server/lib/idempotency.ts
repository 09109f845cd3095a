import { and, eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { idempotencyKeys } from "./idempotency-schema";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * design §6: a member's retried write carries the same Idempotency-Key and is applied once; a
 * repeat gets the first answer again. Writes before login (the login call itself) are not
 * recorded: replaying a login would need its session cookie stored, which design §10 forbids.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    const user = c.var.user;
    if (!UNSAFE.has(c.req.method) || !key || !user) return next();
    if (!KEY.test(key)) {
      return c.json(
        { error: "validation", fields: { "Idempotency-Key": c.var.t("validation.invalid") } },
        422,
      );
    }
    const db = c.var.db;
    const scope = `user:${user.id}`;
    const path = c.req.path;
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, method: c.req.method, path })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    if (!claimed) {
      const [previous] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (
        !previous ||
        previous.status === 0 ||
        previous.path !== path ||
        previous.method !== c.req.method
      ) {
        return c.json(
          { error: "idempotency_conflict", message: c.var.t("error.idempotencyConflict") },
          409,
        );
      }
      return new Response(previous.body, {
        status: previous.status,
        headers: { "content-type": "application/json", "idempotent-replayed": "true" },
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
