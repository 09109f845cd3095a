import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { blockAnswer } from "../../contract/profiles";
import {
  ERRORS,
  errorResponses,
  jsonContent,
  MEMBER_WRITE_ERRORS,
  QUERY_WRITE_ERRORS,
} from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { validationHook } from "../lib/validation";
import { profileTargetBody, profileTargetQuery } from "../profiles/validation";
import { requireMemberViewer } from "../profiles/viewer";
import type { AppEnv } from "../request/context";
import { blockProfile, unblockProfile } from "./service";

const blockedAnswer = jsonContent(blockAnswer, "The block's new state");

const blockRoute = createRoute({
  method: "post",
  path: "/block.php",
  summary: "Block a member (spec §6): they no longer see, find or reach the blocker",
  request: {
    body: { content: { "application/json": { schema: profileTargetBody } }, required: true },
  },
  responses: {
    200: blockedAnswer,
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.noProfile,
      ERRORS.rateLimited,
      { refused: "cannot_block_self" },
    ]),
  },
});

const unblockRoute = createRoute({
  method: "delete",
  path: "/block.php",
  summary: "Unblock a member",
  request: { query: profileTargetQuery },
  responses: {
    200: blockedAnswer,
    ...errorResponses([
      ...QUERY_WRITE_ERRORS,
      ERRORS.loggedOut,
      ERRORS.noProfile,
      ERRORS.rateLimited,
    ]),
  },
});

export const blockRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(blockRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    await blockProfile(c.get("db"), member.profileId, c.req.valid("json").id);
    return c.json({ blocked: true }, 200);
  })
  .openapi(unblockRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    await unblockProfile(c.get("db"), member.profileId, c.req.valid("query").id);
    return c.json({ blocked: false }, 200);
  });
