import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { okAnswer } from "../../contract/common";
import { LIKE_LISTS } from "../../contract/like-options";
import { likesAnswer } from "../../contract/likes";
import { ERRORS, errorResponses, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { validationHook } from "../lib/validation";
import { markMatchSeen } from "../likes/service";
import { profileTargetBody } from "../profiles/validation";
import { requireMemberViewer } from "../profiles/viewer";
import type { AppEnv } from "../request/context";
import { listLikes } from "./likes-list";

const likesRoute = createRoute({
  method: "get",
  path: "/likes.php",
  summary:
    "spec §7, issue 13: one page of the member's likes: who liked them (received), whom they liked (given) or both (matches), newest first",
  request: {
    query: z.object({
      type: z.enum(LIKE_LISTS).default("received"),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonContent(likesAnswer, "One page, and the next page's cursor"),
    ...errorResponses([ERRORS.loggedOut, ERRORS.noProfile, ERRORS.invalid]),
  },
});

const matchSeenRoute = createRoute({
  method: "post",
  path: "/match-seen.php",
  summary:
    "issue 13: the member was shown 'It's a match' with this member; it is not shown again (nothing happens for a member who is no match)",
  request: {
    body: { content: { "application/json": { schema: profileTargetBody } }, required: true },
  },
  responses: {
    200: jsonContent(okAnswer, "Noted"),
    ...errorResponses([...MEMBER_WRITE_ERRORS, ERRORS.noProfile]),
  },
});

export const discoveryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(likesRoute, async (c) => {
    const member = requireMemberViewer(c.var.viewer);
    const { type, cursor } = c.req.valid("query");
    const answer = await listLikes(c.var.db, member, type, cursor, {
      media: c.var.media,
      locale: c.var.locale,
    });
    return c.json(answer, 200);
  })
  .openapi(matchSeenRoute, async (c) => {
    const member = requireMemberViewer(c.var.viewer);
    await markMatchSeen(c.var.db, member.profileId, c.req.valid("json").id);
    return c.json({ ok: true as const }, 200);
  });
