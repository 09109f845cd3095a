import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CreditReason } from "../../contract/credit-options";
import { users } from "../users/schema";

/**
 * design §9: every change of a member's credit balance, written in the transaction that changes
 * `users.credits`. Append-only: a trigger (drizzle/0011_chat.sql) refuses UPDATE and DELETE, so a
 * correction is a new row. `balance_after` is the balance that row left, so the history of a
 * balance can be read without summing.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").$type<CreditReason>().notNull(),
    /** What the credits paid for or came from, e.g. "message:12", "gift:3", "order:7". */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_ledger_user_idx").on(table.userId, table.id),
    // design §9: an order is credited once, and taken back once (refunded or charged back),
    // whatever the code above does.
    uniqueIndex("credit_ledger_order_key")
      .on(table.reason, table.reference)
      .where(sql`${table.reason} in ('purchase', 'refund', 'chargeback')`),
    check("credit_ledger_delta_not_zero", sql`${table.delta} <> 0`),
    check("credit_ledger_balance_not_negative", sql`${table.balanceAfter} >= 0`),
  ],
);
