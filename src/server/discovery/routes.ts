import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { LIKE_LISTS } from "../../contract/like-options";
import { likesAnswer } from "../../contract/likes";
import { ERRORS, errorResponses, jsonContent } from "../lib/openapi";
import { validationHook } from "../lib/validation";
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

export const discoveryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  likesRoute,
  async (c) => {
    const member = requireMemberViewer(c.var.viewer);
    const { type, cursor } = c.req.valid("query");
    const answer = await listLikes(c.var.db, member, type, cursor, {
      media: c.var.media,
      locale: c.var.locale,
    });
    return c.json(answer, 200);
  },
);
