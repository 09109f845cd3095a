import { eq } from "drizzle-orm";
import type { UserView } from "../../contract/users";
import { isLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { createMediaSigner } from "../photos/media-url";
import { type Photo, photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import type { Preferences } from "../profiles/preferences";
import { type Profile, profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import type { User } from "../users/schema";

/**
 * What the user view shows of a member's own profile and its main photo: select these columns
 * with `profiles` joined by user and `photos` by `profiles.main_photo_id`. The session lookup
 * (auth/session.ts) left-joins them to every request's session, so GET /api/user.php and the
 * page shell build the view without another statement (ARCHITECTURE.md, the request path).
 */
export const userViewColumns = {
  profile: {
    id: profiles.id,
    name: profiles.name,
    country: profiles.country,
    status: profiles.status,
    wizardStep: profiles.wizardStep,
    // The member's own search preferences (discovery/candidates.ts preferencesOf): the member
    // pages start from them without asking for the profile again.
    gender: profiles.gender,
    seeking: profiles.seeking,
    birthdate: profiles.birthdate,
  },
  mainPhoto: {
    id: photos.id,
    storageKey: photos.storageKey,
    status: photos.status,
    width: photos.width,
    height: photos.height,
  },
};

/** A row of userViewColumns: null where the member has no profile yet, or it no main photo. */
export type UserViewProfile = {
  profile: Pick<
    Profile,
    "id" | "name" | "country" | "status" | "wizardStep" | "gender" | "seeking" | "birthdate"
  > | null;
  mainPhoto: Pick<Photo, "id" | "storageKey" | "status" | "width" | "height"> | null;
};

/** The member's search preferences, from the row of userViewColumns (no query of their own). */
export function preferencesOf(
  row: { profile: Preferences | null } | null | undefined,
): Preferences | null {
  if (!row?.profile) return null;
  const { id, gender, seeking, birthdate, country } = row.profile;
  return { id, gender, seeking, birthdate, country };
}

/**
 * spec §3 User, as GET /api/user.php and the page shell give it to the client: always to the
 * member themself, so its photo URLs are minted for them (also right after a login, when the
 * request came from a visitor).
 */
export function toUserView(
  user: User,
  { profile, mainPhoto }: UserViewProfile,
  site: Site,
): UserView {
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: isLocale(user.language) ? user.language : null,
    notifications_disabled: user.notificationsDisabled,
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          country: profile.country,
          status: profile.status,
          main_image: mainPhoto ? toPhotoView(mainPhoto, createMediaSigner(site, user)) : null,
          wizard_step: profile.wizardStep,
        }
      : null,
  };
}

/** The user view of a member the request did not resolve from its session (a login). */
export async function getUserView(db: Database, user: User, site: Site): Promise<UserView> {
  const [row] = await db
    .select(userViewColumns)
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.userId, user.id))
    .limit(1);
  return toUserView(user, row ?? { profile: null, mainPhoto: null }, site);
}
