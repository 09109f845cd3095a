import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { INTERESTS } from "../../contract/profile-options";
import { interestsAnswer, ownProfile, profileDetail } from "../../contract/profiles";
import { ERRORS, errorResponses, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { validationHook } from "../lib/validation";
import { markLikeSeen } from "../likes/service";
import type { AppEnv } from "../request/context";
import { getProfileDetail } from "./service";
import { profileQuery, profileUpdateBody } from "./validation";
import { getViewer, requireMemberViewer } from "./viewer";
import { getOwnProfile, updateOwnProfile } from "./wizard";

const profileRoute = createRoute({
  method: "get",
  path: "/profile.php",
  summary:
    "With id: a member's profile as the viewer may see it (spec §2 Profile view); opening it clears that member's new like. Without id: the member's own profile to edit",
  request: { query: profileQuery },
  responses: {
    200: jsonContent(
      z.union([profileDetail, ownProfile]),
      "With id: the profile (ProfileDetail); without: the member's own (OwnProfile)",
    ),
    ...errorResponses([
      { 403: "authentication_required: without id, for a visitor" },
      ERRORS.noProfile,
      ERRORS.invalid,
    ]),
  },
});

const updateProfileRoute = createRoute({
  method: "put",
  path: "/profile.php",
  summary: "Save one step of the profile wizard (spec §2 /profile)",
  request: {
    body: { content: { "application/json": { schema: profileUpdateBody } }, required: true },
  },
  responses: {
    200: jsonContent(ownProfile, "Saved"),
    ...errorResponses([...MEMBER_WRITE_ERRORS, ERRORS.noProfile]),
  },
});

const interestsRoute = createRoute({
  method: "get",
  path: "/interests.php",
  summary: "The interests a profile can list, in the caller's language (spec §7)",
  responses: {
    200: jsonContent(interestsAnswer, "Interests, sorted by name"),
  },
});

export const profileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(profileRoute, async (c) => {
    const { id } = c.req.valid("query");
    if (id === undefined) {
      const member = await requireMemberViewer(c.var.db, c.var.user);
      return c.json(await getOwnProfile(c.var.db, member.profileId), 200);
    }
    const viewer = await getViewer(c.var.db, c.var.user);
    const profile = await getProfileDetail(c.var.db, id, viewer, c.var.site, c.var.locale);
    // spec §4: opening a profile clears its new-like flag.
    if (viewer?.profileId && !profile.is_own) await markLikeSeen(c.var.db, id, viewer.profileId);
    return c.json(profile, 200);
  })
  .openapi(updateProfileRoute, async (c) => {
    const member = await requireMemberViewer(c.var.db, c.var.user);
    return c.json(
      await updateOwnProfile(c.var.db, c.var.site, member.profileId, c.req.valid("json")),
      200,
    );
  })
  .openapi(interestsRoute, (c) => {
    // spec §4: loaded once and cached by the client; the list changes only with a release.
    c.header("cache-control", "public, max-age=86400");
    const collator = new Intl.Collator(c.var.locale);
    const interests = INTERESTS.map((id) => ({ id, name: c.var.t(`interest.${id}`) })).sort(
      (a, b) => collator.compare(a.name, b.name),
    );
    return c.json({ interests }, 200);
  });
