import { z } from "@hono/zod-openapi";
import {
  discountCodeParam,
  discountCodeView,
  orderAnswer,
  orderBody,
  packagesAnswer,
  repeatOrderBody,
  transactionsAnswer,
  withdrawBody,
} from "../../contract/payments";
import { findLedgerPage } from "../credits/service";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { idParamSchema } from "../lib/validation";
import { syncOrder } from "./crediting";
import { directDebitRoutes } from "./direct-debit-routes";
import { findDiscountCode, findWelcomeCode } from "./discounts";
import { withdrawOrder } from "./money-returned";
import { creditOffer } from "./offer";
import { createOrder, findMemberOrder, repeatOrder, toOrderView } from "./orders";
import { providerRoutes } from "./provider-routes";
import { buyerOf, paymentProviderOf } from "./route-inputs";

const packagesRoute = jsonRoute({
  method: "get",
  path: "/packages.php",
  summary:
    "issue 14: the credit packages in the caller's currency (their country's; a visitor's the site's), and the payment methods offered to them, most local first",
  answer: [packagesAnswer, "Packages and methods"],
  errors: [],
});

const createOrderRoute = jsonRoute({
  method: "post",
  path: "/order.php",
  summary:
    "issue 14: orders a package with a method; the price comes from the price list, never the body. Answers the order with the provider's checkout URL",
  body: orderBody,
  answer: [orderAnswer, "The order, open, with its checkout_url"],
  status: 201,
  errors: [
    ...MEMBER_WRITE_ERRORS,
    ERRORS.rateLimited,
    ERRORS.unconfirmed,
    { 404: "not_found: no such package" },
    {
      422: "validation: a method not offered to the member, a code that does not apply (its field says why), or immediate_performance not given",
    },
    { 502: "payment_unavailable: the provider refused the payment" },
  ],
});

const repeatOrderRoute = jsonRoute({
  method: "post",
  path: "/repeat-order.php",
  summary:
    "issue 14: buys the member's last completed package again with the same method, at today's price: charged at once where the provider holds a mandate (checkout_url null), else an order for the provider's checkout",
  body: repeatOrderBody,
  answer: [orderAnswer, "The new order"],
  status: 201,
  errors: [
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
  ],
});

const discountCodeRoute = jsonRoute({
  method: "get",
  path: "/discountcode.php",
  summary:
    "spec §3, §7: a discount code the member may use (`code`, 20 lookups an hour per member), or their own offer (`welcome=true`): the time bonus while it runs, else the welcome discount. An unknown code and another member's answer alike",
  query: z.object({
    code: discountCodeParam.optional(),
    welcome: z.enum(["true"]).optional(),
  }),
  answer: [discountCodeView, "The code"],
  errors: [
    ERRORS.loggedOut,
    ERRORS.invalid,
    ERRORS.rateLimited,
    {
      404: "code_not_found: 'Code not found': unknown, disabled, expired, another market's or another member's",
    },
    {
      409: "code_used: 'Code already used': by this member (an order of theirs completed or holds it)",
    },
  ],
});

const orderRoute = jsonRoute({
  method: "get",
  path: "/order.php",
  summary:
    "issue 14: one of the member's orders, its state first asked of the provider while open or pending (the result page polls this)",
  query: z.object({ id: idParamSchema }),
  answer: [orderAnswer, "The order"],
  errors: [ERRORS.loggedOut, ERRORS.invalid, { 404: "not_found: no such order" }],
});

const transactionsRoute = jsonRoute({
  method: "get",
  path: "/transactions.php",
  summary: "issue 14: the member's credit history, newest first, a page at a time",
  query: z.object({
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,15}$/, "validation.invalid")
      .transform(Number)
      .optional(),
  }),
  answer: [transactionsAnswer, "One page, and the next page's cursor"],
  errors: [ERRORS.loggedOut, ERRORS.invalid],
});

const withdrawRoute = jsonRoute({
  method: "post",
  path: "/withdraw.php",
  summary:
    "issue 14, 25: the member withdraws a completed purchase within the site's refund_days, its package untouched (no credit of it spent, no premium content opened on it); the credits are taken back and the whole amount refunded through the provider",
  body: withdrawBody,
  answer: [orderAnswer, "The order, refunded"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    { 404: "not_found: no such order" },
    {
      409: "withdrawal_not_completed | withdrawal_period_over | withdrawal_credits_used | withdrawal_premium_used: the return policy refuses it",
    },
  ],
});

/**
 * issue 14: the payment API: packages, orders and the member's history here, the direct-debit
 * form (direct-debit-routes.ts) and what the provider calls (provider-routes.ts) beside them.
 */
export const paymentRoutes = createRouter()
  .openapi(packagesRoute, (c) => {
    const country = c.get("userViewProfile")?.profile?.country ?? null;
    return c.json(creditOffer(c.get("site"), country), 200);
  })
  .openapi(createOrderRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    const body = c.req.valid("json");
    const order = await createOrder(
      c.get("db"),
      paymentProviderOf(c.var),
      c.get("site"),
      buyerOf(c),
      {
        packageId: body.package_id,
        method: body.method,
        code: body.code,
        consentedAt: new Date(),
      },
    );
    return c.json({ order: toOrderView(order) }, 201);
  })
  .openapi(repeatOrderRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "orders", String(user.id));
    c.req.valid("json");
    const order = await repeatOrder(
      c.get("db"),
      paymentProviderOf(c.var),
      c.get("site"),
      buyerOf(c),
      new Date(),
    );
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
    const synced = await syncOrder(c.get("db"), paymentProviderOf(c.var), order);
    return c.json({ order: toOrderView(synced) }, 200);
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
  .route("/", directDebitRoutes)
  .route("/", providerRoutes);
