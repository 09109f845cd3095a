import { z } from "@hono/zod-openapi";
import { CURRENCIES, ORDER_STATES, PAYMENT_METHODS } from "./payment-options";

/**
 * Credit packages, orders and payment methods (spec §1, §2, §4; design §9; issue 14): the plain
 * values and answer shapes the server and the browser share.
 */

/** A credit package as the member is offered it: price in minor units of `currency`. */
export const creditPackage = z
  .object({
    id: z.number().int(),
    credits: z.number().int(),
    amount: z.number().int().openapi({ description: "Price in minor units (cents, øre, grosz)" }),
    currency: z.enum(CURRENCIES),
    popular: z.boolean(),
    discount_percent: z
      .number()
      .int()
      .openapi({ description: "Saving per credit against the smallest package; 0 for none" }),
  })
  .openapi("CreditPackage");
export type CreditPackage = z.infer<typeof creditPackage>;

export const packagesAnswer = z
  .object({
    currency: z.enum(CURRENCIES),
    packages: z.array(creditPackage),
    methods: z
      .array(z.enum(PAYMENT_METHODS))
      .openapi({ description: "The methods offered to this member, most local first" }),
  })
  .openapi("CreditPackages");
export type PackagesAnswer = z.infer<typeof packagesAnswer>;

/** An order as its member sees it (never another member's). */
export const orderView = z
  .object({
    id: z.number().int(),
    state: z.enum(ORDER_STATES),
    credits: z.number().int(),
    amount: z.number().int(),
    currency: z.enum(CURRENCIES),
    method: z.enum(PAYMENT_METHODS),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    /** Where to pay: the provider's checkout, while the order is open or pending there. */
    checkout_url: z.string().nullable(),
  })
  .openapi("Order");
export type OrderView = z.infer<typeof orderView>;

export const orderAnswer = z.object({ order: orderView }).openapi("OrderAnswer");
export type OrderAnswer = z.infer<typeof orderAnswer>;

/** One row of the member's credit history (/transactions). */
export const ledgerEntry = z
  .object({
    id: z.number().int(),
    delta: z.number().int(),
    balance_after: z.number().int(),
    reason: z.string(),
    order_id: z.number().int().nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi("LedgerEntry");
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const transactionsAnswer = z
  .object({ entries: z.array(ledgerEntry), next_cursor: z.string().nullable() })
  .openapi("Transactions");
export type TransactionsAnswer = z.infer<typeof transactionsAnswer>;

/** spec §3 Discount code, as GET /api/discountcode.php answers it. */
export const discountCodeView = z
  .object({
    code: z.string(),
    country: z.string().nullable(),
    user_id: z.number().int().nullable(),
    expires: z.iso.datetime().nullable(),
    value_percentage: z.number().int(),
    currency: z.enum(CURRENCIES).nullable(),
    minimum_order_value: z.number().int().nullable().openapi({ description: "Minor units" }),
    status: z.enum(["active", "disabled"]),
    validity: z.number().int().nullable().openapi({
      description: "Seconds until it expires (the time bonus's countdown); null: no end",
    }),
    expired: z.boolean(),
    paymentmethods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  })
  .openapi("DiscountCode");
export type DiscountCodeView = z.infer<typeof discountCodeView>;

/** issue 14 /directdebit: the code is on its way to the member's mobile. */
export const directDebitCodeSent = z
  .object({
    mandate: z.number().int().openapi({ description: "The mandate the code confirms" }),
    phone: z.string().openapi({ description: "The number texted, masked: +31 6 •••• 5678" }),
    expires_at: z.iso.datetime(),
    minutes: z.number().int().openapi({ description: "How long the code works" }),
  })
  .openapi("DirectDebitCodeSent");
export type DirectDebitCodeSent = z.infer<typeof directDebitCodeSent>;
