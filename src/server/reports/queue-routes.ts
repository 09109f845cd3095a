import { okAnswer } from "../../contract/common";
import {
  reportQueueAnswer,
  reportQueueQuery,
  resolveReportBody,
} from "../../contract/staff-reports";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "../staff/context";
import { STAFF_READ_ERRORS, staffAction, withActions } from "../staff/route";
import { claimCase, unclaimCase } from "./cases";
import { listReportQueue } from "./queue";
import { resolveCase } from "./resolve";

const NO_CASE = { 404: "not_found: no such case" } as const;
const CLOSED = { 409: "case_resolved: the case is closed already" } as const;

const queueRoute = jsonRoute({
  method: "get",
  path: "/staff/reports",
  summary:
    "The reports queue: open cases by severity, then newest, with reports, conversations and the member's history; keyset paged (reports.read). Audited",
  query: reportQueueQuery,
  answer: [reportQueueAnswer, "A page of open cases"],
  errors: STAFF_READ_ERRORS,
});

/** issue 27 item 3: the moderators' reports queue under /api/staff/reports; the services check permissions. */
export const reportQueueRoutes = withActions(
  createRouter().openapi(queueRoute, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listReportQueue(c.get("db"), staffActor(c), query, c.get("media")), 200);
  }),
  [
    staffAction({
      path: "/staff/reports/{id}/claim",
      summary:
        "Claims a case so no other moderator works it; a claim older than 30 minutes is taken over (reports.resolve)",
      answer: [okAnswer, "Claimed"],
      errors: [
        NO_CASE,
        { 409: "case_claimed: another staff member holds the case (the message names them)" },
        CLOSED,
      ],
      run: (db, actor, id) => claimCase(db, actor, id),
    }),
    staffAction({
      path: "/staff/reports/{id}/unclaim",
      summary: "Gives a claimed case back to the queue: its holder, or an admin (reports.resolve)",
      answer: [okAnswer, "Back in the queue"],
      errors: [
        { 403: "case_not_yours: another staff member holds the case" },
        NO_CASE,
        { 409: "case_not_claimed: nobody holds the case" },
        CLOSED,
      ],
      run: (db, actor, id) => unclaimCase(db, actor, id),
    }),
    staffAction({
      path: "/staff/reports/{id}/resolve",
      summary:
        "Resolves a case with one action and a reason; the member gets a translated notice where one applies (reports.resolve, the claim's holder or an admin)",
      body: resolveReportBody,
      answer: [okAnswer, "Resolved"],
      errors: [
        { 403: "case_not_yours: the case is not claimed by the caller" },
        { 404: "not_found: no such case, or no such photo of the reported member" },
        CLOSED,
        { 409: "already_banned: suspend or ban of a member banned already" },
      ],
      run: resolveCase,
    }),
  ],
);
