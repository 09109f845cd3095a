import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { profileTargetBody } from "../../contract/profiles";
import {
  ERRORS,
  type ErrorDescriptions,
  jsonRoute,
  MEMBER_WRITE_ERRORS,
  QUERY_WRITE_ERRORS,
} from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import type { AppEnv } from "../request/context";
import { profileTargetQuery } from "./validation";
import { type MemberViewer, requireMemberViewer } from "./viewer";

/** What a member sets on another member's profile (a like, a block), and how. */
type ProfileMark<Answer extends z.ZodType> = {
  path: `/${string}.php`;
  /** The mark's state as the calls answer it: `{ liked }`, `{ blocked }`. */
  answer: Answer;
  /** What the answer is, for the API document: "The like's new state". */
  answerDescription: string;
  stateOf: (isMarked: boolean) => z.input<Answer>;
  summaries: { mark: string; unmark: string };
  /** What setting the mark can meet beyond every member write's causes. */
  markErrors: readonly ErrorDescriptions[];
  mark: (c: Context<AppEnv>, member: MemberViewer, profileId: number) => Promise<void>;
  unmark: (c: Context<AppEnv>, member: MemberViewer, profileId: number) => Promise<void>;
};

/**
 * The two calls of a mark on a profile: POST `{ id }` sets it, DELETE `?id=` takes it back, each
 * for a logged-in member with a profile, counted by the `likes` rate limit, and answering the
 * mark's new state.
 * @example createProfileMarkRoutes({ path: "/block.php", answer: blockAnswer, … })
 */
export function createProfileMarkRoutes<Answer extends z.ZodType>(spec: ProfileMark<Answer>) {
  const answer = [spec.answer, spec.answerDescription] as [Answer, string];
  const markRoute = jsonRoute({
    method: "post",
    path: spec.path,
    summary: spec.summaries.mark,
    body: profileTargetBody,
    answer,
    errors: [...MEMBER_WRITE_ERRORS, ERRORS.noProfile, ERRORS.rateLimited, ...spec.markErrors],
  });
  const unmarkRoute = jsonRoute({
    method: "delete",
    path: spec.path,
    summary: spec.summaries.unmark,
    query: profileTargetQuery,
    answer,
    errors: [...QUERY_WRITE_ERRORS, ERRORS.loggedOut, ERRORS.noProfile, ERRORS.rateLimited],
  });
  const markingMember = async (c: Context<AppEnv>) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    return member;
  };
  return createRouter()
    .openapi(markRoute, async (c) => {
      await spec.mark(c, await markingMember(c), c.req.valid("json").id);
      return c.json(spec.stateOf(true), 200);
    })
    .openapi(unmarkRoute, async (c) => {
      await spec.unmark(c, await markingMember(c), c.req.valid("query").id);
      return c.json(spec.stateOf(false), 200);
    });
}
