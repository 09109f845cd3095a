import {
  directDebitBody,
  directDebitCodeSent,
  directDebitConfirmBody,
  orderAnswer,
} from "../../contract/payments";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { confirmDirectDebit, requestDirectDebit } from "./direct-debit";
import { toOrderView } from "./orders";
import { buyerOf, paymentProviderOf } from "./route-inputs";

const directDebitRoute = jsonRoute({
  method: "post",
  path: "/directdebit.php",
  summary:
    "issue 14, spec §3 Direct-debit form: the member's SEPA mandate for a package (euro only); texts a 6-digit code to their mobile. 403 when the member may not pay by direct debit",
  body: directDebitBody,
  answer: [directDebitCodeSent, "The code is on its way"],
  status: 201,
  errors: [
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
  ],
});

const directDebitConfirmRoute = jsonRoute({
  method: "post",
  path: "/directdebit-confirm.php",
  summary:
    "issue 14: the texted code signs the mandate (single use, 10 minutes, 5 attempts: 'Code invalid'); the order is made and debited. Answers the order, pending until the bank has paid",
  body: directDebitConfirmBody,
  answer: [orderAnswer, "The order"],
  status: 201,
  errors: [
    ...MEMBER_WRITE_ERRORS,
    {
      403: "direct_debit_blocked | direct_debit_limit, as for /directdebit.php (checked again)",
    },
    { 404: "not_found: no such mandate of the member's" },
    { 422: "validation: otp 'Code invalid', or the code is spent (expired, used, attempts)" },
    { 502: "payment_unavailable: the provider refused the debit" },
  ],
});

/** issue 14 /directdebit: the SEPA mandate form and its texted code (direct-debit.ts). */
export const directDebitRoutes = createRouter()
  .openapi(directDebitRoute, async (c) => {
    const { user } = requireMember(c);
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
    const sent = await requestDirectDebit(db, providers.sms, site, buyerOf(c), form);
    return c.json(sent, 201);
  })
  .openapi(directDebitConfirmRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    const { mandate, otp } = c.req.valid("json");
    const order = await confirmDirectDebit(
      c.get("db"),
      paymentProviderOf(c.var),
      c.get("site"),
      buyerOf(c),
      mandate,
      otp,
    );
    return c.json({ order: toOrderView(order) }, 201);
  });
