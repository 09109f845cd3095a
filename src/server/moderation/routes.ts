import {
  memberModerationAnswer,
  sanctionAnswer,
  sanctionReasonBody,
  suspendBody,
} from "../../contract/moderation";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { staffActor } from "../staff/context";
import { STAFF_ERRORS } from "../staff/routes";
import { getMemberModeration } from "./member-view";
import { banMember, liftSanction, suspendMember, warnMember } from "./sanctions";

const MEMBER_ERRORS = { 404: "not_found: no member with this id (or the account was erased)" };

/** The causes every account action shares. */
const ACTION_ERRORS = [
  ...WRITE_ERRORS,
  STAFF_ERRORS.signedOut,
  STAFF_ERRORS.forbidden,
  MEMBER_ERRORS,
] as const;

const banRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/ban",
  summary:
    "Ban a member (design §13; members.ban): sessions end, login and the address refused, profile hidden, notice e-mailed",
  params: idParams,
  body: sanctionReasonBody,
  answer: [sanctionAnswer, "Banned: the member's state and the strike"],
  errors: [...ACTION_ERRORS, { 409: "already_banned: the member is banned already" }],
});

const suspendRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/suspend",
  summary:
    "Suspend a member for 1 to 365 days (members.suspend): as a ban until then, lifted by itself; a suspension is replaced",
  params: idParams,
  body: suspendBody,
  answer: [sanctionAnswer, "Suspended: the member's state and the strike"],
  errors: [...ACTION_ERRORS, { 409: "already_banned: the member is banned (lift the ban first)" }],
});

const liftRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/lift",
  summary: "Lift a member's ban or suspension (members.lift): the profile is shown again",
  params: idParams,
  body: sanctionReasonBody,
  answer: [sanctionAnswer, "Lifted: the member's state and the strike"],
  errors: [...ACTION_ERRORS, { 409: "not_sanctioned: the member is neither banned nor suspended" }],
});

const warnRoute = jsonRoute({
  method: "post",
  path: "/staff/members/{id}/warn",
  summary: "Warn a member (members.warn): a strike and a notice e-mail",
  params: idParams,
  body: sanctionReasonBody,
  answer: [sanctionAnswer, "Warned: the member's state and the strike"],
  errors: ACTION_ERRORS,
});

const stateRoute = jsonRoute({
  method: "get",
  path: "/staff/members/{id}/moderation",
  summary:
    "A member's sanction and strikes, newest first, with their profile's name (members.read; nothing private, no audit row)",
  params: idParams,
  answer: [memberModerationAnswer, "The member's moderation state"],
  errors: [
    ERRORS.invalid,
    STAFF_ERRORS.signedOut,
    STAFF_ERRORS.forbidden,
    { 404: "not_found: no member with this id" },
  ],
});

/** design §13: account actions (issue 27 item 4), under /api/staff/ behind the staff session. */
export const moderationRoutes = createRouter()
  .openapi(stateRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await getMemberModeration(c.get("db"), staffActor(c), id), 200);
  })
  .openapi(banRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(
      await banMember(c.get("db"), { memberId: id, reason, actor: staffActor(c) }),
      200,
    );
  })
  .openapi(suspendRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { days, reason } = c.req.valid("json");
    const actor = staffActor(c);
    return c.json(await suspendMember(c.get("db"), { memberId: id, days, reason, actor }), 200);
  })
  .openapi(liftRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const actor = staffActor(c);
    return c.json(await liftSanction(c.get("db"), { memberId: id, reason, actor }), 200);
  })
  .openapi(warnRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const actor = staffActor(c);
    return c.json(await warnMember(c.get("db"), { memberId: id, reason, actor }), 200);
  });
