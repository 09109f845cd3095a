import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { errorResponse, errorResponses, jsonContent } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { validationHook } from "../lib/validation";
import { profileTargetBody, profileTargetQuery } from "../profiles/validation";
import { requireMemberViewer } from "../profiles/viewer";
import { blockProfile, unblockProfile } from "./service";

const blockedAnswer = jsonContent(z.object({ blocked: z.boolean() }), "The block's new state");

const blockRoute = createRoute({
  method: "post",
  path: "/block.php",
  summary: "Block a member (spec §6): they no longer see, find or reach the blocker",
  request: {
    body: { content: { "application/json": { schema: profileTargetBody } }, required: true },
  },
  responses: {
    200: blockedAnswer,
    404: jsonContent(errorResponse, "No such profile"),
    ...errorResponses,
  },
});

const unblockRoute = createRoute({
  method: "delete",
  path: "/block.php",
  summary: "Unblock a member",
  request: { query: profileTargetQuery },
  responses: { 200: blockedAnswer, ...errorResponses },
});

export const blockRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(blockRoute, async (c) => {
    const member = await requireMemberViewer(c.var.db, c.var.user);
    await enforceRateLimit(c, "likes", String(member.profileId));
    await blockProfile(c.var.db, member.profileId, c.req.valid("json").id);
    return c.json({ blocked: true }, 200);
  })
  .openapi(unblockRoute, async (c) => {
    const member = await requireMemberViewer(c.var.db, c.var.user);
    await enforceRateLimit(c, "likes", String(member.profileId));
    await unblockProfile(c.var.db, member.profileId, c.req.valid("query").id);
    return c.json({ blocked: false }, 200);
  });
