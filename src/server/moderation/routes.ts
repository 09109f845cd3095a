import {
  memberModerationAnswer,
  sanctionAnswer,
  sanctionReasonBody,
  suspendBody,
} from "../../contract/moderation";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { staffActor } from "../staff/context";
import { STAFF_READ_ERRORS, staffAction, withActions } from "../staff/route";
import { getMemberModeration } from "./member-view";
import { banMember, liftSanction, suspendMember, warnMember } from "./sanctions";

const NO_MEMBER = { 404: "not_found: no member with this id (or the account was erased)" };

const stateRoute = jsonRoute({
  method: "get",
  path: "/staff/members/{id}/moderation",
  summary:
    "A member's sanction and strikes, newest first, with their profile's name (members.read; nothing private, no audit row)",
  params: idParams,
  answer: [memberModerationAnswer, "The member's moderation state"],
  errors: [...STAFF_READ_ERRORS, { 404: "not_found: no member with this id" }],
});

/** design §13: account actions (issue 27 item 4); the services check each permission. */
const ACTIONS = [
  staffAction({
    path: "/staff/members/{id}/ban",
    summary:
      "Ban a member (design §13; members.ban): sessions end, login and the address refused, profile hidden, notice e-mailed",
    body: sanctionReasonBody,
    answer: [sanctionAnswer, "Banned: the member's state and the strike"],
    errors: [NO_MEMBER, { 409: "already_banned: the member is banned already" }],
    run: (db, actor, memberId, { reason }) => banMember(db, { memberId, reason, actor }),
  }),
  staffAction({
    path: "/staff/members/{id}/suspend",
    summary:
      "Suspend a member for 1 to 365 days (members.suspend): as a ban until then, lifted by itself; a suspension is replaced",
    body: suspendBody,
    answer: [sanctionAnswer, "Suspended: the member's state and the strike"],
    errors: [NO_MEMBER, { 409: "already_banned: the member is banned (lift the ban first)" }],
    run: (db, actor, memberId, { days, reason }) =>
      suspendMember(db, { memberId, days, reason, actor }),
  }),
  staffAction({
    path: "/staff/members/{id}/lift",
    summary: "Lift a member's ban or suspension (members.lift): the profile is shown again",
    body: sanctionReasonBody,
    answer: [sanctionAnswer, "Lifted: the member's state and the strike"],
    errors: [NO_MEMBER, { 409: "not_sanctioned: the member is neither banned nor suspended" }],
    run: (db, actor, memberId, { reason }) => liftSanction(db, { memberId, reason, actor }),
  }),
  staffAction({
    path: "/staff/members/{id}/warn",
    summary: "Warn a member (members.warn): a strike and a notice e-mail",
    body: sanctionReasonBody,
    answer: [sanctionAnswer, "Warned: the member's state and the strike"],
    errors: [NO_MEMBER],
    run: (db, actor, memberId, { reason }) => warnMember(db, { memberId, reason, actor }),
  }),
];

/** design §13: a member's moderation, under /api/staff/ behind the staff session. */
export const moderationRoutes = withActions(
  createRouter().openapi(stateRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await getMemberModeration(c.get("db"), staffActor(c), id), 200);
  }),
  ACTIONS,
);
