import { z } from "@hono/zod-openapi";
import { ownProfile, profileDetail } from "../../contract/profiles";
import { ERRORS, jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { markLikeSeen } from "../likes/service";
import { profileQuery } from "../profiles/validation";
import { requireMemberViewer } from "../profiles/viewer";
import { getOwnProfile } from "../profiles/wizard";
import { getProfileDetail } from "./service";

const profileRoute = jsonRoute({
  method: "get",
  path: "/profile.php",
  summary:
    "With id: a member's profile as the viewer may see it (spec §2 Profile view); opening it clears that member's new like. Without id: the member's own profile to edit",
  query: profileQuery,
  answer: [
    z.union([profileDetail, ownProfile]),
    "With id: the profile (ProfileDetail); without: the member's own (OwnProfile)",
  ],
  errors: [
    { 403: "authentication_required: without id, for a visitor" },
    ERRORS.noProfile,
    ERRORS.invalid,
  ],
});

export const memberRoutes = createRouter().openapi(profileRoute, async (c) => {
  const { id } = c.req.valid("query");
  if (id === undefined) {
    const member = requireMemberViewer(c.get("viewer"));
    return c.json(await getOwnProfile(c.get("db"), member.profileId), 200);
  }
  const viewer = c.get("viewer");
  const profile = await getProfileDetail(c.get("db"), id, viewer, c.get("media"), c.get("locale"));
  // spec §4: opening a profile clears its new-like flag.
  if (viewer?.profileId && !profile.is_own) await markLikeSeen(c.get("db"), id, viewer.profileId);
  return c.json(profile, 200);
});
