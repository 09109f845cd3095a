import { okAnswer } from "../../contract/common";
import { reportBody } from "../../contract/reports";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { requireMemberViewer } from "../profiles/viewer";
import { reportMember } from "./service";

const reportRoute = jsonRoute({
  method: "post",
  path: "/report.php",
  summary:
    "Reports a member (reason, optional note, the conversation it came from); the reporter no longer sees them. One report per pair",
  body: reportBody,
  answer: [okAnswer, "Reported"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    ERRORS.noProfile,
    ERRORS.rateLimited,
    { 409: "already_reported: one report per pair" },
    { refused: "cannot_report_self" },
  ],
});

export const reportRoutes = createRouter().openapi(reportRoute, async (c) => {
  const member = requireMemberViewer(c.get("viewer"));
  await enforceRateLimit(c, "likes", String(member.profileId));
  await reportMember(c.get("db"), member, c.req.valid("json"));
  return c.json({ ok: true as const }, 200);
});
