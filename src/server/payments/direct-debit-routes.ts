import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { directDebitCodeSent, orderAnswer } from "../../contract/payments";
import { ERRORS, errorResponses, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { idSchema, textSchema, validationHook } from "../lib/validation";
import type { AppEnv } from "../request/context";
import { confirmDirectDebit, requestDirectDebit } from "./direct-debit";
import { toOrderView } from "./orders";
import {
  buyerOf,
  discountCodeParam,
  immediatePerformance,
  paymentProviderOf,
  requireUser,
} from "./route-inputs";

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

const directDebitRoute = createRoute({
  method: "post",
  path: "/directdebit.php",
  summary:
    "issue 14, spec §3 Direct-debit form: the member's SEPA mandate for a package (euro only); texts a 6-digit code to their mobile. 403 when the member may not pay by direct debit",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
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
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonContent(directDebitCodeSent, "The code is on its way"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.rateLimited,
      ERRORS.unconfirmed,
      {
        403: "direct_debit_blocked: 'Your account is blocked for direct debit payments' | direct_debit_limit: 'Your limit for direct debit payments has been reached'",
      },
      { 404: "not_found: no such package" },
      {
        422: "validation: a field (iban, phone, mandate, immediate_performance …), direct debit not offered to the member, or a code that does not apply",
      },
    ]),
  },
});

const directDebitConfirmRoute = createRoute({
  method: "post",
  path: "/directdebit-confirm.php",
  summary:
    "issue 14: the texted code signs the mandate (single use, 10 minutes, 5 attempts: 'Code invalid'); the order is made and debited. Answers the order, pending until the bank has paid",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            mandate: idSchema,
            otp: z
              .string()
              .trim()
              .regex(/^[0-9]{6}$/, "payments.directDebit.error.codeInvalid"),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonContent(orderAnswer, "The order"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      {
        403: "direct_debit_blocked | direct_debit_limit, as for /directdebit.php (checked again)",
      },
      { 404: "not_found: no such mandate of the member's" },
      { 422: "validation: otp 'Code invalid', or the code is spent (expired, used, attempts)" },
      { 502: "payment_unavailable: the provider refused the debit" },
    ]),
  },
});

/** issue 14 /directdebit: the SEPA mandate form and its texted code (direct-debit.ts). */
export const directDebitRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(directDebitRoute, async (c) => {
    const user = requireUser(c.get("user"));
    await enforceRateLimit(c, "directDebitCodes", String(user.id));
    const body = c.req.valid("json");
    const form = {
      packageId: body.package_id,
      code: body.code,
      holder: body.holder,
      iban: body.iban,
      street: body.street,
      houseNumber: body.house_number,
      zip: body.zip,
      city: body.city,
      phone: body.phone,
    };
    const { db, providers, site } = c.var;
    const sent = await requestDirectDebit(db, providers.sms, site, buyerOf(c.var), form);
    return c.json(sent, 201);
  })
  .openapi(directDebitConfirmRoute, async (c) => {
    const user = requireUser(c.get("user"));
    await enforceRateLimit(c, "orders", String(user.id));
    const { mandate, otp } = c.req.valid("json");
    const order = await confirmDirectDebit(
      c.get("db"),
      paymentProviderOf(c.var),
      c.get("site"),
      buyerOf(c.var),
      mandate,
      otp,
    );
    return c.json({ order: toOrderView(order) }, 201);
  });
