import { z } from "@hono/zod-openapi";
import {
  flagIdText,
  flagsAnswer,
  flagsQuery,
  resolvedFlagAnswer,
  resolveFlagBody,
  safetyRulesAnswer,
} from "../../contract/staff-safety";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "./context";
import { STAFF_ERRORS, STAFF_READ_ERRORS, STAFF_WRITE_ERRORS } from "./route";
import { listOpenFlags, resolveFlag, safetyRuleCounters } from "./safety-queue";

const flagsRoute = jsonRoute({
  method: "get",
  path: "/staff/flags",
  summary:
    "Issue 27: messages the safety rules flagged, open ones newest first, each with both members, the rules hit and the conversation's last 10 messages up to it (moderators: flags.read; audited)",
  query: flagsQuery,
  answer: [flagsAnswer, "A page of the queue"],
  errors: STAFF_READ_ERRORS,
});

const resolveRoute = jsonRoute({
  method: "post",
  path: "/staff/flags/{id}/resolve",
  summary:
    "A moderator's verdict on a flagged message: a false positive (counted against its rules, and the recipient's notice goes) or confirmed (flags.resolve; audited)",
  params: z.object({ id: flagIdText.transform(Number).openapi({ type: "integer", minimum: 1 }) }),
  body: resolveFlagBody,
  answer: [resolvedFlagAnswer, "The flag as resolved"],
  errors: [
    ...STAFF_WRITE_ERRORS,
    { 404: "not_found: no such flag" },
    { 409: "flag_resolved: the flag was resolved already" },
  ],
});

const rulesRoute = jsonRoute({
  method: "get",
  path: "/staff/safety/rules",
  summary:
    "The message safety rules, each with its hits and the false positives moderators marked (flags.read)",
  answer: [safetyRulesAnswer, "Every rule with its counters"],
  errors: [STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden],
});

/** Issue 27 item 6: the moderators' side of message safety, under /api/staff/. */
export const staffSafetyRoutes = createRouter()
  .openapi(flagsRoute, async (c) => {
    const actor = staffActor(c);
    return c.json(await listOpenFlags(c.get("db"), actor, c.req.valid("query"), c.get("t")), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await resolveFlag(c.get("db"), staffActor(c), id, c.req.valid("json")), 200);
  })
  .openapi(rulesRoute, async (c) => {
    return c.json(await safetyRuleCounters(c.get("db"), staffActor(c), c.get("t")), 200);
  });
