import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * design §6: a retried write carries the same Idempotency-Key and is applied once. The stored
 * response is replayed for a repeat; `status` 0 marks a request still in progress.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Whose key it is: "user:<id>" for a member, "visitor:<site id>" before login. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /**
     * SHA-256 of the method, the request target and the raw body: a reuse of the key for another
     * request is refused instead of replayed. Null only on rows recorded before it existed.
     */
    fingerprint: text("fingerprint"),
    status: integer("status").notNull().default(0),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
