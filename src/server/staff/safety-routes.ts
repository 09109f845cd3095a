import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  flagIdText,
  flagsAnswer,
  flagsQuery,
  resolvedFlagAnswer,
  resolveFlagBody,
  safetyRulesAnswer,
} from "../../contract/staff-safety";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import type { AppEnv } from "../request/context";
import { requireStaff } from "./context";
import { type Permission, requirePermission } from "./permissions";
import { listOpenFlags, resolveFlag, safetyRuleCounters } from "./safety-queue";

/** design §13: no staff session (a member's cookie is none); a role without the permission. */
const STAFF_ERRORS = {
  signedOut: { 403: "staff_authentication_required: no staff session" },
  forbidden: { 403: "forbidden: the staff member's role lacks the permission" },
} as const;

const flagsRoute = jsonRoute({
  method: "get",
  path: "/staff/flags",
  summary:
    "Issue 27: messages the safety rules flagged, open ones newest first, each with both members, the rules hit and the conversation's last 10 messages up to it (moderators: flags.read; audited)",
  query: flagsQuery,
  answer: [flagsAnswer, "A page of the queue"],
  errors: [ERRORS.invalid, STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden],
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
    ...WRITE_ERRORS,
    STAFF_ERRORS.signedOut,
    STAFF_ERRORS.forbidden,
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

/** The signed-in staff member as the actor of an audit row, once their role allows the call. */
function actorWith(c: Context<AppEnv>, permission: Permission) {
  const { account } = requireStaff(c);
  requirePermission(account, permission);
  return { staff: { id: account.id, role: account.role }, ip: c.get("client").address };
}

/** Issue 27 item 6: the moderators' side of message safety, under /api/staff/. */
export const staffSafetyRoutes = createRouter()
  .openapi(flagsRoute, async (c) => {
    const actor = actorWith(c, "flags.read");
    return c.json(await listOpenFlags(c.get("db"), actor, c.req.valid("query"), c.get("t")), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const actor = actorWith(c, "flags.resolve");
    const { id } = c.req.valid("param");
    return c.json(await resolveFlag(c.get("db"), actor, id, c.req.valid("json")), 200);
  })
  .openapi(rulesRoute, async (c) => {
    actorWith(c, "flags.read");
    return c.json(await safetyRuleCounters(c.get("db"), c.get("t")), 200);
  });
