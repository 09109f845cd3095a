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
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { staffActor } from "../staff/context";
import { STAFF_READ_ERRORS, staffAction, withActions } from "../staff/route";
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

/*
 * issue 27 item 7: member support under /api/staff/members. Each service checks its
 * permission (named in the summary) and writes its audit row.
 */

const UNKNOWN_MEMBER = { 404: "not_found: no member with this id" } as const;
const ERASED = { 409: "member_deleted: the account is erased" } as const;

const searchRoute = jsonRoute({
  method: "get",
  path: "/staff/members",
  summary:
    "Member support: find members by e-mail address (exact), id, the start of their name, or an order's id or payment reference; one audit row (members.search)",
  query: searchQuery,
  answer: [supportSearchAnswer, "Up to 50 members"],
  errors: STAFF_READ_ERRORS,
});

const memberRoute = jsonRoute({
  method: "get",
  path: "/staff/members/{id}",
  summary:
    "Member support: a member's account, profile, photos, sessions, orders, credit ledger, reports, blocks and mail sent; one audit row (members.private_read)",
  params: idParams,
  query: memberQuery,
  answer: [supportMemberAnswer, "The member"],
  errors: [...STAFF_READ_ERRORS, UNKNOWN_MEMBER],
});

const ACTIONS = [
  staffAction({
    path: "/staff/members/{id}/credits",
    summary:
      "Member support: corrects the credit balance (a ledger row of reason correction), never below zero (members.credits)",
    body: creditCorrectionBody,
    answer: [creditCorrectionAnswer, "The new balance"],
    errors: [
      UNKNOWN_MEMBER,
      ERASED,
      { 409: "not_enough_credits: the correction would take the balance below zero" },
    ],
    run: correctCredits,
  }),
  staffAction({
    path: "/staff/members/{id}/refund",
    summary:
      "Member support: refunds one of the member's completed orders through its provider, taking back what is left of its credits (orders.refund)",
    body: staffRefundBody,
    answer: [staffRefundAnswer, "The order, refunded"],
    errors: [
      UNKNOWN_MEMBER,
      { 404: "not_found: the member has no such order" },
      { 409: "order_not_refundable: the order is not completed, or its money is back already" },
    ],
    run: refundMemberOrder,
  }),
  staffAction({
    path: "/staff/members/{id}/resend-activation",
    summary: "Member support: e-mails the activation link again (members.support)",
    body: supportReasonBody,
    answer: [okAnswer, "Sent"],
    errors: [
      UNKNOWN_MEMBER,
      ERASED,
      { 409: "already_confirmed: the address is confirmed already" },
    ],
    run: (db, actor, id, { reason }) => resendMemberActivation(db, actor, id, reason),
  }),
  staffAction({
    path: "/staff/members/{id}/end-sessions",
    summary: "Member support: ends every session of the member, in every process (members.support)",
    body: supportReasonBody,
    answer: [endSessionsAnswer, "How many sessions ended"],
    errors: [UNKNOWN_MEMBER],
    run: (db, actor, id, { reason }) => endMemberSessions(db, actor, id, reason),
  }),
  staffAction({
    path: "/staff/members/{id}/lift-direct-debit-block",
    summary: "Member support: lets the member pay by direct debit again (members.support)",
    body: supportReasonBody,
    answer: [okAnswer, "Lifted"],
    errors: [UNKNOWN_MEMBER, { 409: "direct_debit_not_blocked: the member is not blocked" }],
    run: (db, actor, id, { reason }) => liftMemberDirectDebitBlock(db, actor, id, reason),
  }),
  staffAction({
    path: "/staff/members/{id}/export",
    summary:
      "Member support: the member's own data export, with why (members.export); one audit row",
    body: supportReasonBody,
    answer: [memberExport, "The data"],
    errors: [UNKNOWN_MEMBER, ERASED],
    run: (db, actor, id, { reason }) => exportMember(db, actor, id, reason),
  }),
  staffAction({
    path: "/staff/members/{id}/erase",
    summary:
      "Member support: erases the account now, as the scheduled erasure does (members.erase)",
    body: supportReasonBody,
    answer: [okAnswer, "Erased"],
    errors: [UNKNOWN_MEMBER, ERASED],
    run: (db, actor, id, { reason }) => eraseMember(db, actor, id, reason),
  }),
  staffAction({
    path: "/staff/members/{id}/fictional",
    summary:
      "Member support: marks the profile fictional (run by the site's team) or not (members.support)",
    body: fictionalBody,
    answer: [okAnswer, "Marked"],
    errors: [UNKNOWN_MEMBER, ERASED, { 404: "not_found: the member has no profile" }],
    run: setMemberFictional,
  }),
];

export const supportRoutes = withActions(
  createRouter()
    .openapi(searchRoute, async (c) => {
      const { q } = c.req.valid("query");
      return c.json(await searchMembers(c.get("db"), staffActor(c), q), 200);
    })
    .openapi(memberRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { ledger_before } = c.req.valid("query");
      return c.json(await getSupportMember(c.get("db"), staffActor(c), id, ledger_before), 200);
    }),
  ACTIONS,
);
