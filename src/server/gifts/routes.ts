import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { errorResponse, errorResponses, jsonContent } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { idSchema, validationHook } from "../lib/validation";
import { requireMemberViewer } from "../profiles/viewer";
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
    200: jsonContent(z.object({ credits: z.number().int() }), "Sent; the new credit balance"),
    402: jsonContent(errorResponse, "not_enough_credits"),
    404: jsonContent(errorResponse, "No such profile, or blocked"),
    ...errorResponses,
  },
});

export const giftRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  giftRoute,
  async (c) => {
    const member = await requireMemberViewer(c.var.db, c.var.user);
    await enforceRateLimit(c, "likes", String(member.profileId));
    const { id, gift } = c.req.valid("json");
    return c.json(await sendGift(c.var.db, c.var.site, member, id, gift), 200);
  },
);
