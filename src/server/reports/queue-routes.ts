import { okAnswer } from "../../contract/common";
import {
  reportQueueAnswer,
  reportQueueQuery,
  resolveReportBody,
} from "../../contract/staff-reports";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { staffActor } from "../staff/context";
import { STAFF_ERRORS } from "../staff/routes";
import { claimCase, unclaimCase } from "./cases";
import { listReportQueue } from "./queue";
import { resolveCase } from "./resolve";

const CASE_ERRORS = {
  notFound: { 404: "not_found: no such case" },
  resolved: { 409: "case_resolved: the case is closed already" },
} as const;

const queueRoute = jsonRoute({
  method: "get",
  path: "/staff/reports",
  summary:
    "The reports queue: open cases by severity, then newest, with reports, conversations and the member's history; keyset paged (reports.read). Audited",
  query: reportQueueQuery,
  answer: [reportQueueAnswer, "A page of open cases"],
  errors: [ERRORS.invalid, STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden],
});

const claimRoute = jsonRoute({
  method: "post",
  path: "/staff/reports/{id}/claim",
  summary:
    "Claims a case so no other moderator works it; a claim older than 30 minutes is taken over (reports.resolve)",
  params: idParams,
  answer: [okAnswer, "Claimed"],
  errors: [
    ...WRITE_ERRORS,
    STAFF_ERRORS.signedOut,
    STAFF_ERRORS.forbidden,
    CASE_ERRORS.notFound,
    { 409: "case_claimed: another staff member holds the case (the message names them)" },
    CASE_ERRORS.resolved,
  ],
});

const unclaimRoute = jsonRoute({
  method: "post",
  path: "/staff/reports/{id}/unclaim",
  summary: "Gives a claimed case back to the queue: its holder, or an admin (reports.resolve)",
  params: idParams,
  answer: [okAnswer, "Back in the queue"],
  errors: [
    ...WRITE_ERRORS,
    STAFF_ERRORS.signedOut,
    STAFF_ERRORS.forbidden,
    { 403: "case_not_yours: another staff member holds the case" },
    CASE_ERRORS.notFound,
    { 409: "case_not_claimed: nobody holds the case" },
    CASE_ERRORS.resolved,
  ],
});

const resolveRoute = jsonRoute({
  method: "post",
  path: "/staff/reports/{id}/resolve",
  summary:
    "Resolves a case with one action and a reason; the member gets a translated notice where one applies (reports.resolve, the claim's holder or an admin)",
  params: idParams,
  body: resolveReportBody,
  answer: [okAnswer, "Resolved"],
  errors: [
    ...WRITE_ERRORS,
    STAFF_ERRORS.signedOut,
    STAFF_ERRORS.forbidden,
    { 403: "case_not_yours: the case is not claimed by the caller" },
    { 404: "not_found: no such case, or no such photo of the reported member" },
    CASE_ERRORS.resolved,
    { 409: "already_banned: suspend or ban of a member banned already" },
  ],
});

/** issue 27 item 3: the moderators' reports queue under /api/staff/reports; the services check permissions. */
export const reportQueueRoutes = createRouter()
  .openapi(queueRoute, async (c) => {
    const answer = await listReportQueue(
      c.get("db"),
      staffActor(c),
      c.req.valid("query"),
      c.get("media"),
    );
    return c.json(answer, 200);
  })
  .openapi(claimRoute, async (c) => {
    await claimCase(c.get("db"), staffActor(c), c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(unclaimRoute, async (c) => {
    await unclaimCase(c.get("db"), staffActor(c), c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(resolveRoute, async (c) => {
    await resolveCase(c.get("db"), staffActor(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json({ ok: true as const }, 200);
  });
