import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency, OrderState, PaymentMethod } from "../../contract/payment-options";
import { users } from "../users/schema";

/**
 * design §9, issue 14: a member's purchase of a credit package. What was bought and its price
 * are copied in when the order is made, computed on the server from the site's packages (never
 * from the client), so a later price change does not touch it. The state follows the provider's
 * payment, forward only (payments/crediting.ts); `credited_at` is set in the transaction that
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
    /** The discount code applied (spec §3 Discount code), its percentage, and the list price. */
    discountCode: text("discount_code"),
    discountPercent: integer("discount_percent"),
    listAmount: integer("list_amount"),
    /**
     * When the code ends (its expiry as the order took it: the time bonus's 4 hours): an order
     * whose payment is still open then loses it, and `code_lapsed_at` says when.
     */
    codeHeldUntil: timestamp("code_held_until", { withTimezone: true }),
    codeLapsedAt: timestamp("code_lapsed_at", { withTimezone: true }),
    locale: text("locale").notNull(),
    /**
     * Directive 2011/83/EU art. 16(m): when the member asked, at checkout, for the package at once
     * and acknowledged losing the right of withdrawal once it is used (the receipt confirms it).
     */
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    /**
     * When the member first opened premium content (a locked photo) while this order was the
     * purchase their premium rests on (payments/premium-use.ts): from then on it is used.
     */
    premiumUsedAt: timestamp("premium_used_at", { withTimezone: true }),
    /** Minor units the provider has paid back on the payment so far (ours, or its dashboard's). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** Minor units the member's bank took back (a chargeback), as the provider reports them. */
    chargedBackAmount: integer("charged_back_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    chargedBackAt: timestamp("charged_back_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_user_idx").on(table.userId, table.id),
    uniqueIndex("orders_provider_ref_key").on(table.provider, table.providerRef),
    // issue 27: member support finds an order by the provider's reference alone.
    index("orders_provider_ref_idx").on(table.providerRef),
    // issue 25: a one-use code is held by the one order that takes it, until that order fails
    // or is cancelled (the provider's expiry included) or its code lapses; a completed order
    // keeps it for good. Two orders at once cannot both take it.
    // issue 28: a code's usage in the console (paid orders and revenue per code), by site.
    index("orders_discount_code_idx")
      .on(table.discountCode, table.siteId)
      .where(sql`${table.discountCode} is not null and ${table.completedAt} is not null`),
    uniqueIndex("orders_discount_code_hold_key")
      .on(table.userId, table.discountCode)
      .where(
        sql`${table.discountCode} is not null and ${table.codeLapsedAt} is null and ${table.state} not in ('failed', 'cancelled')`,
      ),
    // The console's daily rollup: a day's payments, refunds and chargebacks (metrics/rollup.ts).
    index("orders_completed_idx")
      .on(table.completedAt)
      .where(sql`${table.completedAt} is not null`),
    index("orders_refunded_idx").on(table.refundedAt).where(sql`${table.refundedAt} is not null`),
    index("orders_charged_back_idx")
      .on(table.chargedBackAt)
      .where(sql`${table.chargedBackAt} is not null`),
    check("orders_amount_positive", sql`${table.amount} > 0`),
    check("orders_credits_positive", sql`${table.credits} > 0`),
  ],
);

export type Order = typeof orders.$inferSelect;

/**
 * spec §3 Discount code: a code members may enter at checkout. Null fields do not restrict:
 * `site_id` for one site's code, `user_id` for one member's code, `country` and `currency` for a
 * market, `payment_methods` for some methods, `starts_at` and `expires_at` for its validity.
 * The welcome and time-bonus codes are not rows: they follow from the member
 * (payments/discounts.ts). Admins make and disable codes in the console (issue 28 item 3); `id`
 * orders its list newest first.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    code: text("code").primaryKey(),
    id: integer("id").notNull().generatedAlwaysAsIdentity(),
    /** The site (sites/registry.ts) the code works on; null: every site. */
    siteId: text("site_id"),
    userId: integer("user_id").references(() => users.id),
    country: text("country"),
    currency: text("currency").$type<Currency>(),
    valuePercentage: integer("value_percentage").notNull(),
    /** Minor units of `currency` (a code with a minimum names its currency). */
    minimumOrderValue: integer("minimum_order_value"),
    paymentMethods: text("payment_methods").array(),
    /** Not valid before this time (null: from its creation). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    status: text("status").$type<"active" | "disabled">().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("discount_codes_percentage", sql`${table.valuePercentage} between 1 and 90`),
    check("discount_codes_upper", sql`${table.code} = upper(${table.code})`),
    check(
      "discount_codes_window",
      sql`${table.startsAt} is null or ${table.expiresAt} is null or ${table.expiresAt} > ${table.startsAt}`,
    ),
    // The console's list, newest first, a page at a time (keyset on the id).
    uniqueIndex("discount_codes_id_key").on(table.id),
    // A member's own codes (issue 29 item 6: the retention code; the checkout's running offer).
    index("discount_codes_user_key")
      .on(table.userId, table.createdAt)
      .where(sql`${table.userId} is not null`),
  ],
);

/** spec §3: a code is used once per member; the row is written when its order completes. */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    code: text("code").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    orderId: integer("order_id").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("discount_code_uses_key").on(table.code, table.userId)],
);

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

/**
 * issue 14, spec §3 Direct-debit form: a member's SEPA direct-debit mandate, asked for on
 * /directdebit and confirmed with the code texted to their phone (single use, expires, a few
 * attempts). Until it is confirmed the row holds the IBAN to hand to the provider; from then on
 * only its masked form: the provider keeps the mandate. `order_id` is the order it paid.
 */
export const directDebitMandates = pgTable(
  "direct_debit_mandates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    siteId: text("site_id").notNull(),
    packageId: integer("package_id").notNull(),
    discountCode: text("discount_code"),
    holder: text("holder").notNull(),
    iban: text("iban").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    /** SHA-256 of the code with `code_salt`: the code itself is only in the text message. */
    codeHash: text("code_hash").notNull(),
    codeSalt: text("code_salt").notNull(),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }).notNull(),
    /** Wrong codes tried so far. */
    attempts: integer("attempts").notNull().default(0),
    /** The consent to immediate performance given on the form (copied to the order it makes). */
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    orderId: integer("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("direct_debit_mandates_user_idx").on(table.userId, table.id)],
);

export type DirectDebitMandate = typeof directDebitMandates.$inferSelect;

/**
 * spec §8 'Your account is blocked for direct debit payments': a member whose direct debit
 * bounced, or who had a payment charged back, pays another way from then on. Support lifts a block by deleting its row.
 */
export const directDebitBlocks = pgTable("direct_debit_blocks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** The order whose debit failed, or whose payment was charged back. */
  orderId: integer("order_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
