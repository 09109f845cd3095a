import { INTERESTS } from "../../contract/profile-options";
import { interestsAnswer, ownProfile, profileUpdateBody } from "../../contract/profiles";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { requireMemberViewer } from "./viewer";
import { updateOwnProfile } from "./wizard";

const updateProfileRoute = jsonRoute({
  method: "put",
  path: "/profile.php",
  summary: "Save one step of the profile wizard (spec §2 /profile)",
  body: profileUpdateBody,
  answer: [ownProfile, "Saved"],
  errors: [...MEMBER_WRITE_ERRORS, ERRORS.noProfile],
});

const interestsRoute = jsonRoute({
  method: "get",
  path: "/interests.php",
  summary: "The interests a profile can list, in the caller's language (spec §7)",
  answer: [interestsAnswer, "Interests, sorted by name"],
  errors: [],
});

export const profileRoutes = createRouter()
  .openapi(updateProfileRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    return c.json(
      await updateOwnProfile(c.get("db"), c.get("site"), member.profileId, c.req.valid("json")),
      200,
    );
  })
  .openapi(interestsRoute, (c) => {
    // spec §4: loaded once and cached by the client; the list changes only with a release.
    c.header("cache-control", "public, max-age=86400");
    const collator = new Intl.Collator(c.get("locale"));
    const interests = INTERESTS.map((id) => ({ id, name: c.get("t")(`interest.${id}`) })).sort(
      (a, b) => collator.compare(a.name, b.name),
    );
    return c.json({ interests }, 200);
  });
