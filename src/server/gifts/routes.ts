import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { giftAnswer } from "../../contract/profiles";
import { ERRORS, errorResponses, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { idSchema, validationHook } from "../lib/validation";
import { requireMemberViewer } from "../profiles/viewer";
import type { AppEnv } from "../request/context";
import { GIFTS, sendGift } from "./service";

const giftRoute = createRoute({
  method: "post",
  path: "/gift.php",
  summary: "Send a gift to a member, paid with the site's gift_credits (spec §1, §6)",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({ id: idSchema, gift: z.enum(GIFTS) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(giftAnswer, "Sent; the new credit balance"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      { 402: "not_enough_credits" },
      ERRORS.noProfile,
      ERRORS.rateLimited,
      { refused: "cannot_gift_self" },
    ]),
  },
});

export const giftRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  giftRoute,
  async (c) => {
    const member = requireMemberViewer(c.var.viewer);
    await enforceRateLimit(c, "likes", String(member.profileId));
    const { id, gift } = c.req.valid("json");
    return c.json(await sendGift(c.var.db, c.var.site, member, id, gift), 200);
  },
);
