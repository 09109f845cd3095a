import { z } from "@hono/zod-openapi";
import { countryField, idSchema, MAX_ID, textSchema } from "./fields";
import { CURRENCIES, PAYMENT_METHODS } from "./payment-options";
import { BUILTIN_DISCOUNTS, DISCOUNT_CODE_STATES } from "./staff-options";

/** Issue 28 item 3: discount codes in the operator console (spec §3 Discount code). */

/** A site's id as the registry names it ('amora'); the service refuses an unknown one. */
const siteIdField = z.string().regex(/^[a-z0-9-]{1,40}$/, "validation.invalidOption");

/** A code as the console makes it: 3 to 40 capital letters and digits (typed in any case). */
export const newCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,40}$/, "staff.console.discounts.error.codeFormat");

/** A code in a path: what a stored code may be (the member's lookup reads the same). */
export const discountCodePathParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "validation.invalid")
  .transform((value) => value.toUpperCase());

/** Query of GET /api/staff/discount-codes. */
export const discountCodesQuery = z
  .object({
    site: siteIdField
      .optional()
      .openapi({ description: "Codes that work on this site: its own and every site's" }),
    status: z.enum(DISCOUNT_CODE_STATES).optional(),
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, "validation.invalid")
      .refine((value) => Number(value) <= MAX_ID, "validation.invalid")
      .optional()
      .openapi({ description: "The previous page's next_cursor (opaque)" }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .openapi("DiscountCodesQuery");
export type DiscountCodesQuery = z.infer<typeof discountCodesQuery>;

/** What orders paid with a code brought: how many, and per currency in minor units. */
export const discountUsage = z
  .object({
    orders: z.number().int().openapi({ description: "Orders paid with the code" }),
    revenue: z
      .array(z.object({ currency: z.enum(CURRENCIES), amount: z.number().int() }))
      .openapi({ description: "Per currency, minor units paid less refunds and chargebacks" }),
  })
  .openapi("DiscountUsage");
export type DiscountUsage = z.infer<typeof discountUsage>;

export const staffDiscountCode = z
  .object({
    id: z.number().int(),
    code: z.string(),
    site: z.string().nullable().openapi({ description: "null: every site" }),
    country: z.string().nullable(),
    currency: z.enum(CURRENCIES).nullable(),
    user_id: z.number().int().nullable().openapi({ description: "null: any member" }),
    value_percentage: z.number().int(),
    minimum_order_value: z.number().int().nullable().openapi({ description: "Minor units" }),
    payment_methods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
    starts_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    status: z.enum(["active", "disabled"]),
    state: z.enum(DISCOUNT_CODE_STATES).openapi({ description: "The status and the window now" }),
    created_at: z.iso.datetime(),
    usage: discountUsage,
  })
  .openapi("StaffDiscountCode");
export type StaffDiscountCode = z.infer<typeof staffDiscountCode>;

/** GET /api/staff/discount-codes: a page of codes, newest first, and the built-in ones. */
export const discountCodesAnswer = z
  .object({
    codes: z.array(staffDiscountCode),
    builtin: z
      .array(
        z.object({
          code: z.string(),
          kind: z.enum(BUILTIN_DISCOUNTS),
          value_percentage: z.number().int(),
          usage: discountUsage,
        }),
      )
      .openapi({ description: "The time bonus and welcome codes: read only, with their usage" }),
    next_cursor: z.string().nullable(),
  })
  .openapi("DiscountCodesAnswer");
export type DiscountCodesAnswer = z.infer<typeof discountCodesAnswer>;

const isoTime = z.iso.datetime({ offset: true, error: "validation.invalid" });

/** POST /api/staff/discount-codes: a new code; what is left out does not restrict. */
export const createDiscountCodeBody = z
  .object({
    code: newCodeField,
    site: siteIdField.nullable().default(null),
    country: countryField.nullable().default(null),
    currency: z.enum(CURRENCIES).nullable().default(null),
    user_id: idSchema.nullable().default(null),
    value_percentage: z.number().int().min(1).max(90),
    minimum_order_value: z.number().int().min(1).max(100_000_000).nullable().default(null),
    payment_methods: z
      .array(z.enum(PAYMENT_METHODS))
      .min(1)
      .max(PAYMENT_METHODS.length)
      .nullable()
      .default(null),
    starts_at: isoTime.nullable().default(null).openapi({ description: "null: from now" }),
    expires_at: isoTime.nullable().default(null).openapi({ description: "null: never" }),
  })
  .superRefine((body, context) => {
    if (body.minimum_order_value !== null && body.currency === null) {
      context.addIssue({
        code: "custom",
        path: ["currency"],
        message: "staff.console.discounts.error.minimumNeedsCurrency",
      });
    }
    const start = body.starts_at ? Date.parse(body.starts_at) : Date.now();
    if (body.expires_at !== null && Date.parse(body.expires_at) <= start) {
      context.addIssue({
        code: "custom",
        path: ["expires_at"],
        message: "staff.console.discounts.error.expiresBeforeStart",
      });
    }
  })
  .openapi("CreateDiscountCodeBody");
export type CreateDiscountCodeBody = z.input<typeof createDiscountCodeBody>;
export type NewDiscountCode = z.output<typeof createDiscountCodeBody>;

/** POST /api/staff/discount-codes/{code}/disable: why (kept in the audit row). */
export const disableDiscountCodeBody = z
  .object({
    reason: textSchema({ multiline: true })
      .trim()
      .min(1, "validation.required")
      .max(500, "validation.tooLong"),
  })
  .openapi("DisableDiscountCodeBody");
export type DisableDiscountCodeBody = z.input<typeof disableDiscountCodeBody>;

export const discountCodeAnswer = z
  .object({ code: staffDiscountCode })
  .openapi("StaffDiscountCodeAnswer");
export type DiscountCodeAnswer = z.infer<typeof discountCodeAnswer>;
