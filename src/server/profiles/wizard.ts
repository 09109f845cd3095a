import { eq, sql } from "drizzle-orm";
import type { ProfileField } from "../../contract/profile-options";
import type { OwnProfile } from "../../contract/profiles";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { type FieldMessage, notFound, ValidationError } from "../lib/errors";
import type { Site } from "../sites/registry";
import { getAge } from "./age";
import { type Profile, profiles } from "./schema";
import type { ProfileUpdate } from "./validation";

/** The member's own profile as the wizard edits it (GET /api/profile.php without id). */
export function toOwnProfile(profile: Profile): OwnProfile {
  return {
    id: profile.id,
    name: profile.name,
    gender: profile.gender,
    seeking: profile.seeking,
    birthdate: profile.birthdate,
    country: profile.country,
    region: profile.region,
    hair_color: profile.hairColor,
    eye_color: profile.eyeColor,
    body_type: profile.bodyType,
    height: profile.height,
    relationship_status: profile.relationshipStatus,
    interests: profile.interests,
    about: profile.about,
    wizard_step: profile.wizardStep,
  };
}

export async function getOwnProfile(db: Database, profileId: number): Promise<OwnProfile> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  if (!profile) throw notFound("error.profileUnavailable");
  return toOwnProfile(profile);
}

/** Which answers step 0 must have, when the site asks for them (visible_profile_fields). */
const REQUIRED_BASICS: (keyof ProfileUpdate & ProfileField)[] = ["gender", "seeking", "country"];

/**
 * Saves one wizard step (spec §2 /profile): only fields the site shows (visible_profile_fields,
 * visible_profile_notes) are taken; the country must be one of the site's and the region one of
 * the country's ISO 3166-2 subdivisions. The wizard then resumes at the next step.
 */
export async function updateOwnProfile(
  db: Database,
  site: Site,
  profileId: number,
  update: ProfileUpdate,
): Promise<OwnProfile> {
  const current = await getOwnProfile(db, profileId);
  const shows = (field: string) =>
    site.visibleProfileFields.includes(field) || site.visibleProfileNotes.includes(field);
  const errors: Record<string, FieldMessage> = {};

  if (update.step === 0) {
    for (const field of REQUIRED_BASICS) {
      if (shows(field) && !update[field] && !current[field]) {
        errors[field] = { key: "validation.required" };
      }
    }
  }
  const country = update.country ?? current.country;
  if (update.country !== undefined && !site.countries.includes(update.country)) {
    errors.country = { key: "validation.invalid" };
  }
  if (update.region) {
    const regions = await loadRegionCatalogue();
    if (!regions.isRegionOf(country, update.region)) {
      errors.region = { key: "profile.error.region" };
    }
  }
  if (update.birthdate !== undefined) {
    const age = getAge(update.birthdate);
    if (age < site.minAge)
      errors.birthdate = { key: "signup.error.tooYoung", params: { min_age: site.minAge } };
    else if (age > 110) errors.birthdate = { key: "signup.error.dateOfBirth" };
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const pick = <T>(field: string, value: T | undefined) => (shows(field) ? value : undefined);
  const changes: Partial<typeof profiles.$inferInsert> = {
    gender: pick("gender", update.gender),
    seeking: pick("seeking", update.seeking),
    birthdate: update.birthdate,
    country: pick("country", update.country),
    // A new country drops a region of the old one.
    region:
      update.region !== undefined
        ? pick("region", update.region)
        : update.country && update.country !== current.country
          ? null
          : undefined,
    hairColor: pick("hair_color", update.hair_color),
    eyeColor: pick("eye_color", update.eye_color),
    bodyType: pick("body_type", update.body_type),
    height: pick("height", update.height),
    relationshipStatus: pick("relationship_status", update.relationship_status),
    interests: pick("interests", update.interests),
    about: pick("about", update.about === "" ? null : update.about),
  };
  const [saved] = await db
    .update(profiles)
    .set({
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
      wizardStep: sql`greatest(${profiles.wizardStep}, ${update.step + 1})`,
    })
    .where(eq(profiles.id, profileId))
    .returning();
  if (!saved) throw notFound("error.profileUnavailable");
  return toOwnProfile(saved);
}

/** What signup matches need to know first (issue 29 item 4): the fields the site asks. */
export function missingMatchAnswers(
  site: Site,
  me: { gender: string | null; seeking: string | null },
): ("gender" | "seeking")[] {
  return (["gender", "seeking"] as const).filter(
    (field) => site.visibleProfileFields.includes(field) && me[field] === null,
  );
}

/**
 * Saves who the new member is and whom they look for, asked before their signup matches
 * (issue 29 item 4): the same columns as the wizard's first step, which then shows them
 * answered; the wizard's place is left as it is.
 */
export async function saveMatchAnswers(
  db: Database,
  site: Site,
  profileId: number,
  answers: Pick<ProfileUpdate, "gender" | "seeking">,
): Promise<void> {
  const shows = (field: string) => site.visibleProfileFields.includes(field);
  const changes = {
    gender: shows("gender") ? answers.gender : undefined,
    seeking: shows("seeking") ? answers.seeking : undefined,
  };
  const given = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(given).length === 0) return;
  await db.update(profiles).set(given).where(eq(profiles.id, profileId));
}
