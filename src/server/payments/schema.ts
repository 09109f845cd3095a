import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency, OrderState, PaymentMethod } from "../../contract/payments";
import { users } from "../users/schema";

/**
 * design §9, issue 14: a member's purchase of a credit package. What was bought and its price
 * are copied in when the order is made, computed on the server from the site's packages (never
 * from the client), so a later price change does not touch it. The state follows the provider's
 * payment, forward only (payments/service.ts); `credited_at` is set in the transaction that
 * credits the order, which can happen once.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    siteId: text("site_id").notNull(),
    packageId: integer("package_id").notNull(),
    credits: integer("credits").notNull(),
    /** Minor units of `currency`. */
    amount: integer("amount").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    /** The provider that takes the payment (`sandbox`, `mollie`) and its id for it. */
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    /** The provider's customer the payment was made for (a repeat order charges its mandate). */
    providerCustomer: text("provider_customer"),
    checkoutUrl: text("checkout_url"),
    state: text("state").$type<OrderState>().notNull().default("open"),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_user_idx").on(table.userId, table.id),
    uniqueIndex("orders_provider_ref_key").on(table.provider, table.providerRef),
    check("orders_amount_positive", sql`${table.amount} > 0`),
    check("orders_credits_positive", sql`${table.credits} > 0`),
  ],
);

export type Order = typeof orders.$inferSelect;

/**
 * The built-in `sandbox` provider's own payments (design §9): what a payment provider keeps,
 * for the demo and the browser tests. Its checkout page sets the outcome.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  method: text("method").notNull(),
  description: text("description").notNull(),
  redirectUrl: text("redirect_url").notNull(),
  /** Which of our orders it pays: the sandbox's "metadata". */
  orderId: integer("order_id").notNull(),
  status: text("status").notNull().default("open"),
  refunded: integer("refunded").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
