import { z } from "@hono/zod-openapi";
import {
  createDiscountCodeBody,
  disableDiscountCodeBody,
  discountCodeAnswer,
  discountCodePathParam,
  discountCodesAnswer,
  discountCodesQuery,
} from "../../contract/staff-discounts";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "./context";
import { createStaffDiscountCode, disableStaffDiscountCode, staffDiscountCodes } from "./discounts";
import { STAFF_READ_ERRORS, STAFF_WRITE_ERRORS } from "./route";

/** issue 28 item 3: discount codes under /api/staff/ (admins: discounts.manage). */

const listRoute = jsonRoute({
  method: "get",
  path: "/staff/discount-codes",
  summary:
    "Discount codes, newest first, paged, by site and state, each with its paid orders and revenue per currency; the time bonus and welcome codes read only with theirs (discounts.manage)",
  query: discountCodesQuery,
  answer: [discountCodesAnswer, "A page of codes"],
  errors: STAFF_READ_ERRORS,
});

const createRoute = jsonRoute({
  method: "post",
  path: "/staff/discount-codes",
  summary:
    "Makes a discount code (spec §3: site, country, currency, member, percentage, minimum order, methods, validity); audited (discounts.manage)",
  body: createDiscountCodeBody,
  answer: [discountCodeAnswer, "The new code"],
  status: 201,
  errors: [
    ...STAFF_WRITE_ERRORS,
    { 409: "discount_code_exists: the code is taken (the built-in codes included)" },
  ],
});

const disableRoute = jsonRoute({
  method: "post",
  path: "/staff/discount-codes/{code}/disable",
  summary:
    "Disables a discount code: from now on checkout answers 'Code not found'; audited with the reason (discounts.manage)",
  params: z.object({ code: discountCodePathParam.openapi({ type: "string" }) }),
  body: disableDiscountCodeBody,
  answer: [discountCodeAnswer, "The code, disabled"],
  errors: [
    ...STAFF_WRITE_ERRORS,
    { 404: "not_found: no such code (the built-in codes cannot be disabled)" },
    { 409: "discount_code_disabled: the code is disabled already" },
  ],
});

/** The services check the permission (staff/discounts.ts); the routes only validate. */
export const staffDiscountRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await staffDiscountCodes(c.get("db"), staffActor(c), c.req.valid("query")), 200),
  )
  .openapi(createRoute, async (c) =>
    c.json(await createStaffDiscountCode(c.get("db"), staffActor(c), c.req.valid("json")), 201),
  )
  .openapi(disableRoute, async (c) => {
    const { code } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await disableStaffDiscountCode(c.get("db"), staffActor(c), code, reason), 200);
  });
