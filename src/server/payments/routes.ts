import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  directDebitBody,
  directDebitCodeSent,
  directDebitConfirmBody,
  discountCodeParam,
  discountCodeView,
  orderAnswer,
  orderBody,
  packagesAnswer,
  repeatOrderBody,
  sandboxOutcomeAnswer,
  sandboxOutcomeBody,
  transactionsAnswer,
  withdrawBody,
} from "../../contract/payments";
import { findLedgerPage } from "../credits/service";
import { enqueueJob } from "../jobs/service";
import { getEnv } from "../lib/env";
import { notFound } from "../lib/errors";
import { ERRORS, errorResponses, jsonBody, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit, socketClientAddress } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { idParamSchema } from "../lib/validation";
import type { AppEnv } from "../request/context";
import { confirmDirectDebit, requestDirectDebit } from "./direct-debit";
import { findDiscountCode, findWelcomeCode } from "./discounts";
import { creditOffer } from "./offer";
import { findMemberSandboxPayment, setSandboxOutcome } from "./sandbox";
import {
  type Buyer,
  createOrder,
  findMemberOrder,
  PAYMENT_SYNC_JOB,
  repeatOrder,
  syncOrder,
  toOrderView,
  WEBHOOK_PATH,
  withdrawOrder,
} from "./service";
import { receivePaymentNotice } from "./webhook";

/** The buyer of a logged-in member's request: who, and where they pay from. */
function buyerOf(c: Context<AppEnv>): Buyer {
  const { user, userViewProfile } = requireMember(c);
  return {
    userId: user.id,
    paidUser: user.paidUser,
    signupDate: user.signupDate,
    email: user.email,
    country: userViewProfile.profile?.country ?? null,
    locale: c.get("locale"),
  };
}

const packagesRoute = createRoute({
  method: "get",
  path: "/packages.php",
  summary:
    "issue 14: the credit packages in the caller's currency (their country's; a visitor's the site's), and the payment methods offered to them, most local first",
  responses: { 200: jsonContent(packagesAnswer, "Packages and methods") },
});

const createOrderRoute = createRoute({
  method: "post",
  path: "/order.php",
  summary:
    "issue 14: orders a package with a method; the price comes from the price list, never the body. Answers the order with the provider's checkout URL",
  request: { body: jsonBody(orderBody) },
  responses: {
    201: jsonContent(orderAnswer, "The order, open, with its checkout_url"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.rateLimited,
      ERRORS.unconfirmed,
      { 404: "not_found: no such package" },
      {
        422: "validation: a method not offered to the member, a code that does not apply (its field says why), or immediate_performance not given",
      },
      { 502: "payment_unavailable: the provider refused the payment" },
    ]),
  },
});

const repeatOrderRoute = createRoute({
  method: "post",
  path: "/repeat-order.php",
  summary:
    "issue 14: buys the member's last completed package again with the same method, at today's price: charged at once where the provider holds a mandate (checkout_url null), else an order for the provider's checkout",
  request: { body: jsonBody(repeatOrderBody) },
  responses: {
    201: jsonContent(orderAnswer, "The new order"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.rateLimited,
      ERRORS.unconfirmed,
      {
        404: "not_found: nothing to repeat (no completed order, or its package or method is gone)",
      },
      {
        403: "direct_debit_blocked | direct_debit_limit: the last order was a direct debit the member may not make again now",
      },
      { 422: "validation: immediate_performance not given" },
      { 502: "payment_unavailable: the provider refused the payment" },
    ]),
  },
});

const discountCodeRoute = createRoute({
  method: "get",
  path: "/discountcode.php",
  summary:
    "spec §3, §7: a discount code the member may use (`code`, 20 lookups an hour per member), or their own offer (`welcome=true`): the time bonus while it runs, else the welcome discount. An unknown code and another member's answer alike",
  request: {
    query: z.object({
      code: discountCodeParam.optional(),
      welcome: z.enum(["true"]).optional(),
    }),
  },
  responses: {
    200: jsonContent(discountCodeView, "The code"),
    ...errorResponses([
      ERRORS.loggedOut,
      ERRORS.invalid,
      ERRORS.rateLimited,
      {
        404: "code_not_found: 'Code not found': unknown, disabled, expired, another market's or another member's",
      },
      {
        409: "code_used: 'Code already used': by this member (an order of theirs completed or holds it)",
      },
    ]),
  },
});

const directDebitRoute = createRoute({
  method: "post",
  path: "/directdebit.php",
  summary:
    "issue 14, spec §3 Direct-debit form: the member's SEPA mandate for a package (euro only); texts a 6-digit code to their mobile. 403 when the member may not pay by direct debit",
  request: { body: jsonBody(directDebitBody) },
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
  request: { body: jsonBody(directDebitConfirmBody) },
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

const orderRoute = createRoute({
  method: "get",
  path: "/order.php",
  summary:
    "issue 14: one of the member's orders, its state first asked of the provider while open or pending (the result page polls this)",
  request: { query: z.object({ id: idParamSchema }) },
  responses: {
    200: jsonContent(orderAnswer, "The order"),
    ...errorResponses([ERRORS.loggedOut, ERRORS.invalid, { 404: "not_found: no such order" }]),
  },
});

const transactionsRoute = createRoute({
  method: "get",
  path: "/transactions.php",
  summary: "issue 14: the member's credit history, newest first, a page at a time",
  request: {
    query: z.object({
      cursor: z
        .string()
        .regex(/^[1-9][0-9]{0,15}$/, "validation.invalid")
        .transform(Number)
        .optional(),
    }),
  },
  responses: {
    200: jsonContent(transactionsAnswer, "One page, and the next page's cursor"),
    ...errorResponses([ERRORS.loggedOut, ERRORS.invalid]),
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/withdraw.php",
  summary:
    "issue 14, 25: the member withdraws a completed purchase within the site's refund_days, its package untouched (no credit of it spent, no premium content opened on it); the credits are taken back and the whole amount refunded through the provider",
  request: { body: jsonBody(withdrawBody) },
  responses: {
    200: jsonContent(orderAnswer, "The order, refunded"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      { 404: "not_found: no such order" },
      {
        409: "withdrawal_not_completed | withdrawal_period_over | withdrawal_credits_used | withdrawal_premium_used: the return policy refuses it",
      },
    ]),
  },
});

const webhookRoute = createRoute({
  method: "post",
  path: WEBHOOK_PATH.replace(/^\/api/, ""),
  summary:
    "design §9: the payment provider's webhook. Its body names a payment (`id`, form-encoded, as Mollie sends it) and is believed no further: the payment is fetched from the provider. 200 once read, for known and unknown ids alike (an id no order has is not asked of the provider); 429 past the generous per-address limit and 5xx when the provider cannot be asked, so that the provider sends the notice again",
  request: {
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: "Taken" },
    ...errorResponses([ERRORS.invalid, ERRORS.tooLarge, ERRORS.rateLimited]),
  },
});

const sandboxOutcomeRoute = createRoute({
  method: "post",
  path: "/sandbox/checkout.php",
  summary:
    "design §9: the sandbox provider's checkout page sets its payment's outcome, as a provider's page would; only the order's member may. Answers where to go back to",
  request: { body: jsonBody(sandboxOutcomeBody) },
  responses: {
    200: jsonContent(sandboxOutcomeAnswer, "Where the member goes back"),
    ...errorResponses([...MEMBER_WRITE_ERRORS, { 404: "not_found: no such payment" }]),
  },
});

export const paymentRoutes = createRouter()
  .openapi(packagesRoute, (c) => {
    const country = c.get("userViewProfile")?.profile?.country ?? null;
    return c.json(creditOffer(c.get("site"), country), 200);
  })
  .openapi(createOrderRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    const body = c.req.valid("json");
    const order = await createOrder(c.get("db"), c.get("site"), buyerOf(c), {
      packageId: body.package_id,
      method: body.method,
      code: body.code,
      consentedAt: new Date(),
    });
    return c.json({ order: toOrderView(order) }, 201);
  })
  .openapi(repeatOrderRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    c.req.valid("json");
    const order = await repeatOrder(c.get("db"), c.get("site"), buyerOf(c), new Date());
    return c.json({ order: toOrderView(order) }, 201);
  })
  .openapi(directDebitRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "directDebitCodes", String(user.id));
    const body = c.req.valid("json");
    const sent = await requestDirectDebit(c.get("db"), c.get("site"), buyerOf(c), {
      packageId: body.package_id,
      code: body.code,
      holder: body.holder,
      iban: body.iban,
      street: body.street,
      houseNumber: body.house_number,
      zip: body.zip,
      city: body.city,
      phone: body.phone,
    });
    return c.json(sent, 201);
  })
  .openapi(directDebitConfirmRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    const { mandate, otp } = c.req.valid("json");
    const order = await confirmDirectDebit(c.get("db"), c.get("site"), buyerOf(c), mandate, otp);
    return c.json({ order: toOrderView(order) }, 201);
  })
  .openapi(discountCodeRoute, async (c) => {
    const holder = buyerOf(c);
    const { code, welcome } = c.req.valid("query");
    // The member's own offer guesses nothing; a typed code is a guess, and guesses are counted.
    if (!welcome) await enforceRateLimit(c, "discountCodeLookups", String(holder.userId));
    const found = welcome
      ? await findWelcomeCode(c.get("db"), holder)
      : await findDiscountCode(c.get("db"), holder, code ?? "");
    return c.json(found, 200);
  })
  .openapi(orderRoute, async (c) => {
    const { user } = requireMember(c);
    const order = await findMemberOrder(c.get("db"), user.id, c.req.valid("query").id);
    return c.json({ order: toOrderView(await syncOrder(c.get("db"), order)) }, 200);
  })
  .openapi(transactionsRoute, async (c) => {
    const { user } = requireMember(c);
    const page = await findLedgerPage(c.get("db"), user.id, c.req.valid("query").cursor);
    return c.json(page, 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const { user } = requireMember(c);
    const order = await withdrawOrder(
      c.get("db"),
      c.get("site"),
      user.id,
      c.req.valid("json").order,
    );
    return c.json({ order: toOrderView(order) }, 200);
  })
  .openapi(webhookRoute, async (c) => {
    // In-process callers (tests) have no address, and must not share one counter.
    const address = socketClientAddress(c);
    if (address) await enforceRateLimit(c, "paymentWebhookIp", address);
    await receivePaymentNotice(c.get("db"), c.req.valid("form").id);
    return c.body(null, 200);
  })
  .openapi(sandboxOutcomeRoute, async (c) => {
    const { user } = requireMember(c);
    // Fail closed: with a real provider the sandbox's button does not exist.
    if (getEnv().PAYMENT_PROVIDER !== "sandbox") throw notFound();
    const { id, outcome } = c.req.valid("json");
    const payment = await findMemberSandboxPayment(c.get("db"), id, user.id);
    await setSandboxOutcome(c.get("db"), id, outcome);
    // As a provider does: the webhook comes on its own, a moment later; the member's return
    // to the result page asks the provider at once.
    await enqueueJob(c.get("db"), PAYMENT_SYNC_JOB, { payment: id });
    // Back on this site, as the checkout page was (see createSandboxProvider).
    const back = new URL(payment.redirectUrl);
    return c.json({ redirect_url: `${back.pathname}${back.search}` }, 200);
  });
