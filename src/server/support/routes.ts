import { okAnswer } from "../../contract/common";
import {
  creditCorrectionAnswer,
  creditCorrectionBody,
  endSessionsAnswer,
  fictionalBody,
  staffRefundAnswer,
  staffRefundBody,
  supportMemberAnswer,
  supportReasonBody,
  supportSearchAnswer,
} from "../../contract/staff-support";
import { memberExport } from "../../contract/users";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { requireStaff, staffActor } from "../staff/context";
import { type Permission, requirePermission } from "../staff/permissions";
import {
  correctCredits,
  endMemberSessions,
  eraseMember,
  exportMember,
  liftMemberDirectDebitBlock,
  refundMemberOrder,
  resendMemberActivation,
  setMemberFictional,
} from "./actions";
import { getSupportMember } from "./member";
import { searchMembers } from "./search";
import { memberQuery, searchQuery } from "./validation";

/** design §13: every staff call's two refusals. */
const STAFF_ERRORS = [
  { 403: "staff_authentication_required: no staff session (a member's cookie is none)" },
  { 403: "forbidden: the staff member's role lacks the permission" },
] as const;
const UNKNOWN_MEMBER = { 404: "not_found: no member with this id" } as const;
const ERASED = { 409: "member_deleted: the account is erased" } as const;

const searchRoute = jsonRoute({
  method: "get",
  path: "/staff/members",
  summary:
    "Member support: find members by e-mail address (exact), id, the start of their name, or an order's id or payment reference; one audit row (members.search)",
  query: searchQuery,
  answer: [supportSearchAnswer, "Up to 50 members"],
  errors: [ERRORS.invalid, ...STAFF_ERRORS],
});

const memberRoute = jsonRoute({
  method: "get",
  path: "/staff/members/{id}",
  summary:
    "Member support: a member's account, profile, photos, sessions, orders, credit ledger, reports, blocks and mail sent; one audit row (members.private_read)",
  params: idParams,
  query: memberQuery,
  answer: [supportMemberAnswer, "The member"],
  errors: [ERRORS.invalid, ...STAFF_ERRORS, UNKNOWN_MEMBER],
});

const creditsRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/credits",
  summary:
    "Member support: corrects the credit balance (a ledger row of reason correction), never below zero (members.credits)",
  params: idParams,
  body: creditCorrectionBody,
  answer: [creditCorrectionAnswer, "The new balance"],
  errors: [
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    UNKNOWN_MEMBER,
    ERASED,
    { 409: "not_enough_credits: the correction would take the balance below zero" },
  ],
});

const refundRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/refund",
  summary:
    "Member support: refunds one of the member's completed orders through its provider, taking back what is left of its credits (orders.refund)",
  params: idParams,
  body: staffRefundBody,
  answer: [staffRefundAnswer, "The order, refunded"],
  errors: [
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    UNKNOWN_MEMBER,
    { 404: "not_found: the member has no such order" },
    { 409: "order_not_refundable: the order is not completed, or its money is back already" },
  ],
});

const resendRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/resend-activation",
  summary: "Member support: e-mails the activation link again (members.support)",
  params: idParams,
  body: supportReasonBody,
  answer: [okAnswer, "Sent"],
  errors: [
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    UNKNOWN_MEMBER,
    ERASED,
    { 409: "already_confirmed: the address is confirmed already" },
  ],
});

const endSessionsRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/end-sessions",
  summary: "Member support: ends every session of the member, in every process (members.support)",
  params: idParams,
  body: supportReasonBody,
  answer: [endSessionsAnswer, "How many sessions ended"],
  errors: [...WRITE_ERRORS, ...STAFF_ERRORS, UNKNOWN_MEMBER],
});

const liftBlockRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/lift-direct-debit-block",
  summary: "Member support: lets the member pay by direct debit again (members.support)",
  params: idParams,
  body: supportReasonBody,
  answer: [okAnswer, "Lifted"],
  errors: [
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    UNKNOWN_MEMBER,
    { 409: "direct_debit_not_blocked: the member is not blocked" },
  ],
});

const exportRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/export",
  summary: "Member support: the member's own data export, with why (members.export); one audit row",
  params: idParams,
  body: supportReasonBody,
  answer: [memberExport, "The data"],
  errors: [...WRITE_ERRORS, ...STAFF_ERRORS, UNKNOWN_MEMBER, ERASED],
});

const eraseRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/erase",
  summary: "Member support: erases the account now, as the scheduled erasure does (members.erase)",
  params: idParams,
  body: supportReasonBody,
  answer: [okAnswer, "Erased"],
  errors: [...WRITE_ERRORS, ...STAFF_ERRORS, UNKNOWN_MEMBER, ERASED],
});

const fictionalRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/fictional",
  summary:
    "Member support: marks the profile fictional (run by the site's team) or not (members.support)",
  params: idParams,
  body: fictionalBody,
  answer: [okAnswer, "Marked"],
  errors: [
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    UNKNOWN_MEMBER,
    ERASED,
    { 404: "not_found: the member has no profile" },
  ],
});

/** The signed-in staff member may do `permission`: their audit identity, else 403. */
function permitted(c: Parameters<typeof staffActor>[0], permission: Permission) {
  requirePermission(requireStaff(c).account, permission);
  return staffActor(c);
}

export const supportRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    const actor = permitted(c, "members.search");
    return c.json(await searchMembers(c.get("db"), actor, c.req.valid("query").q), 200);
  })
  .openapi(memberRoute, async (c) => {
    const actor = permitted(c, "members.private_read");
    const { id } = c.req.valid("param");
    const { ledger_before } = c.req.valid("query");
    return c.json(await getSupportMember(c.get("db"), actor, id, ledger_before), 200);
  })
  .openapi(creditsRoute, async (c) => {
    const actor = permitted(c, "members.credits");
    const { id } = c.req.valid("param");
    return c.json(await correctCredits(c.get("db"), actor, id, c.req.valid("json")), 200);
  })
  .openapi(refundRoute, async (c) => {
    const actor = permitted(c, "orders.refund");
    const { id } = c.req.valid("param");
    return c.json(await refundMemberOrder(c.get("db"), actor, id, c.req.valid("json")), 200);
  })
  .openapi(resendRoute, async (c) => {
    const actor = permitted(c, "members.support");
    const { id } = c.req.valid("param");
    await resendMemberActivation(c.get("db"), actor, id, c.req.valid("json").reason);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(endSessionsRoute, async (c) => {
    const actor = permitted(c, "members.support");
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await endMemberSessions(c.get("db"), actor, id, reason), 200);
  })
  .openapi(liftBlockRoute, async (c) => {
    const actor = permitted(c, "members.support");
    const { id } = c.req.valid("param");
    await liftMemberDirectDebitBlock(c.get("db"), actor, id, c.req.valid("json").reason);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(exportRoute, async (c) => {
    const actor = permitted(c, "members.export");
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await exportMember(c.get("db"), actor, id, reason), 200);
  })
  .openapi(eraseRoute, async (c) => {
    const actor = permitted(c, "members.erase");
    const { id } = c.req.valid("param");
    await eraseMember(c.get("db"), actor, id, c.req.valid("json").reason);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(fictionalRoute, async (c) => {
    const actor = permitted(c, "members.support");
    const { id } = c.req.valid("param");
    await setMemberFictional(c.get("db"), actor, id, c.req.valid("json"));
    return c.json({ ok: true as const }, 200);
  });
