import { eq } from "drizzle-orm";
import type { UserView } from "../../contract/users";
import { isLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import { profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import type { User } from "../users/schema";

/** spec §3 User, as GET /api/user.php and the page shell give it to the client. */
export async function getUserView(db: Database, user: User, site: Site): Promise<UserView> {
  const [row] = await db
    .select({ profile: profiles, photo: photos })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.userId, user.id))
    .limit(1);
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: isLocale(user.language) ? user.language : null,
    notifications_disabled: user.notificationsDisabled,
    profile: row
      ? {
          id: row.profile.id,
          name: row.profile.name,
          country: row.profile.country,
          status: row.profile.status,
          main_image: row.photo ? toPhotoView(row.photo, site.cdnPrefix) : null,
          wizard_step: row.profile.wizardStep,
        }
      : null,
  };
}
