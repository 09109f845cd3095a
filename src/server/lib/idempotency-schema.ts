import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * design §6: a retried write carries the same Idempotency-Key and is applied once. The stored
 * response is replayed for a repeat; `status` 0 marks a request still in progress.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Who sent it: the session id hash, or "anon:<ip>" before login. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull().default(0),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
