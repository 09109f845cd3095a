import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { errorResponse, jsonContent } from "../lib/openapi";
import { validationHook } from "../lib/validation";
import { getProfileDetail } from "./service";
import { getViewerProfileId } from "./viewer";

const profileRoute = createRoute({
  method: "get",
  path: "/profile.php",
  summary: "A member's profile as the viewer may see it (spec §2 Profile view)",
  request: { query: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: jsonContent(z.record(z.string(), z.unknown()).openapi("ProfileDetail"), "Profile"),
    404: jsonContent(errorResponse, "No such profile, or not visible"),
  },
});

export const profileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  profileRoute,
  async (c) => {
    const user = c.var.user;
    const viewer = user
      ? { userId: user.id, profileId: await getViewerProfileId(c.var.db, user.id) }
      : null;
    return c.json(
      await getProfileDetail(c.var.db, c.req.valid("query").id, viewer, c.var.site),
      200,
    );
  },
);
