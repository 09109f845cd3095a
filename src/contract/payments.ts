import { z } from "@hono/zod-openapi";
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { idSchema, textSchema } from "./fields";
import { CURRENCIES, ORDER_STATES, PAYMENT_METHODS, SANDBOX_OUTCOMES } from "./payment-options";

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

/**
 * A discount code as typed: letters, digits, '-' and '_' (a code of ours never has more), so
 * anything else (a NUL, a quote) is 'Code not found' before it reaches the database.
 */
export const discountCodeParam = z
  .string()
  .trim()
  .min(1, "payments.code.notFound")
  .max(40, "payments.code.notFound")
  .regex(/^[A-Za-z0-9_-]+$/, "payments.code.notFound");

/**
 * Directive 2011/83/EU art. 16(m): the member asks for the package at once and acknowledges
 * losing the right of withdrawal once it is used. Every checkout asks (an unticked box): no
 * order is made without it.
 */
const immediatePerformance = z.literal(true, { error: "payments.consent.required" });

/** One line of the mandate form: plain text, trimmed, of a sensible length. */
function line(max: number) {
  return textSchema().trim().min(1).max(max);
}

/**
 * An IBAN as people type it (spaces, lower case), checked by ibantools (country, length, format
 * and checksum), and one of the SEPA area: answered in electronic format.
 */
const ibanParam = z
  .string()
  .max(50, "payments.directDebit.error.iban")
  .transform((typed) => electronicFormatIBAN(typed) ?? "")
  .refine((iban) => iban !== "", "validation.required")
  .refine((iban) => isValidIBAN(iban), "payments.directDebit.error.iban")
  .refine((iban) => isSEPACountry(iban.slice(0, 2)), "payments.directDebit.error.ibanCountry");

/** POST /api/order.php: a package and a method; the price comes from the price list, never the body. */
export const orderBody = z.object({
  package_id: idSchema,
  method: z.enum(PAYMENT_METHODS),
  /** spec §3 Discount code (or the member's TIMEBONUS25 / WELCOME25). */
  code: discountCodeParam.optional(),
  immediate_performance: immediatePerformance,
});
export type OrderBody = z.input<typeof orderBody>;

/** POST /api/repeat-order.php: the member's last completed package again. */
export const repeatOrderBody = z.object({ immediate_performance: immediatePerformance });
export type RepeatOrderBody = z.input<typeof repeatOrderBody>;

/** POST /api/directdebit.php (spec §3 Direct-debit form): the SEPA mandate for a package. */
export const directDebitBody = z.object({
  package_id: idSchema,
  code: discountCodeParam.optional(),
  holder: line(70),
  iban: ibanParam,
  street: line(100),
  house_number: line(12),
  zip: line(12),
  city: line(60),
  phone: z.string().trim().min(1).max(30, "payments.directDebit.error.phone"),
  mandate: z.literal(true, { error: "payments.directDebit.error.mandate" }),
  immediate_performance: immediatePerformance,
});
export type DirectDebitBody = z.input<typeof directDebitBody>;

/** POST /api/directdebit-confirm.php: the texted code that signs the mandate. */
export const directDebitConfirmBody = z.object({
  mandate: idSchema,
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, "payments.directDebit.error.codeInvalid"),
});
export type DirectDebitConfirmBody = z.input<typeof directDebitConfirmBody>;

/** POST /api/withdraw.php: the completed purchase to withdraw. */
export const withdrawBody = z.object({ order: idSchema });
export type WithdrawBody = z.input<typeof withdrawBody>;

/** POST /api/sandbox/checkout.php: the outcome the sandbox's checkout page sets. */
export const sandboxOutcomeBody = z.object({
  id: z.string().regex(/^tr_sandbox_[A-Za-z0-9_-]{16}$/, "validation.invalid"),
  outcome: z.enum(SANDBOX_OUTCOMES),
});
export type SandboxOutcomeBody = z.input<typeof sandboxOutcomeBody>;

/** Where the member goes back from the sandbox's checkout page. */
export const sandboxOutcomeAnswer = z.object({ redirect_url: z.string() });
export type SandboxOutcomeAnswer = z.infer<typeof sandboxOutcomeAnswer>;
