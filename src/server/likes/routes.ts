import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { likeAnswer } from "../../contract/profiles";
import { ApiError } from "../lib/errors";
import {
  ERRORS,
  errorResponses,
  jsonContent,
  MEMBER_WRITE_ERRORS,
  QUERY_WRITE_ERRORS,
} from "../lib/openapi";
import { consumeRateLimit, enforceRateLimit } from "../lib/rate-limit";
import { validationHook } from "../lib/validation";
import { profileTargetBody, profileTargetQuery } from "../profiles/validation";
import { requireMemberViewer } from "../profiles/viewer";
import type { AppEnv } from "../request/context";
import { likeProfile, unlikeProfile } from "./service";

const likedAnswer = jsonContent(likeAnswer, "The like's new state");

const likeRoute = createRoute({
  method: "post",
  path: "/like.php",
  summary: "Like a member (spec §6: login required)",
  request: {
    body: { content: { "application/json": { schema: profileTargetBody } }, required: true },
  },
  responses: {
    200: likedAnswer,
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.noProfile,
      ERRORS.rateLimited,
      ERRORS.unconfirmed,
      { 429: "like_limit: the member's likes for today are used up (likesDaily)" },
      { refused: "cannot_like_self" },
    ]),
  },
});

const unlikeRoute = createRoute({
  method: "delete",
  path: "/like.php",
  summary: "Take a like back",
  request: { query: profileTargetQuery },
  responses: {
    200: likedAnswer,
    ...errorResponses([
      ...QUERY_WRITE_ERRORS,
      ERRORS.loggedOut,
      ERRORS.noProfile,
      ERRORS.rateLimited,
    ]),
  },
});

export const likeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(likeRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    const today = await consumeRateLimit(c.get("db"), "likesDaily", String(member.profileId));
    // No Retry-After: the client shows a 429 without one at once (the wait is up to a day).
    if (!today.allowed) throw new ApiError(429, "like_limit", "like.error.dailyLimit");
    await likeProfile(c.get("db"), member.profileId, c.req.valid("json").id);
    return c.json({ liked: true }, 200);
  })
  .openapi(unlikeRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    await unlikeProfile(c.get("db"), member.profileId, c.req.valid("query").id);
    return c.json({ liked: false }, 200);
  });
