import { getCookie } from "hono/cookie";
import { memberSearchPage } from "../../contract/search";
import { ApiError } from "../lib/errors";
import { ERRORS, jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { parseTrackingCookie, TRACKING_COOKIE } from "../lib/tracking";
import { canSearchLoggedOut } from "../sites/service";
import { findMembers } from "./service";
import { memberSearchQuery } from "./validation";

const searchRoute = jsonRoute({
  method: "get",
  path: "/search.php",
  summary: "Member search, one keyset page at a time (spec §2 Search results)",
  query: memberSearchQuery,
  answer: [memberSearchPage, "A page"],
  errors: [{ 403: "authentication_required: the site lets only members search" }, ERRORS.invalid],
});

export const searchRoutes = createRouter().openapi(searchRoute, async (c) => {
  const user = c.get("user");
  const hasTrafficSource = parseTrackingCookie(getCookie(c, TRACKING_COOKIE)) !== null;
  if (!user && !canSearchLoggedOut(c.get("site"), { hasTrafficSource })) {
    throw new ApiError(403, "authentication_required", "members.loginToSearch.title");
  }
  const page = await findMembers(c.get("db"), c.req.valid("query"), {
    media: c.get("media"),
    locale: c.get("locale"),
    viewerProfileId: c.get("viewer")?.profileId ?? null,
    blockedWith: c.get("viewer")?.blockedWith,
    withSimilar: true,
  });
  return c.json(page, 200);
});
