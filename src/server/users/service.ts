import { and, eq, gte, sql } from "drizzle-orm";
import type { UserView } from "../../contract/users";
import { isLocale, type Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import { profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import { type User, users } from "./schema";

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

/** The account of an e-mail address, compared case-insensitively (the users_email_key index). */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** spec §4: a logged-in locale switch stores the member's language. */
export async function updateUserLanguage(
  db: Database,
  userId: number,
  language: Locale,
): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * Takes credits from a member's balance in one statement, so two purchases at once can never
 * spend the same credits. Returns the new balance, or null when the balance is too low.
 */
export async function spendCredits(
  db: Database,
  userId: number,
  amount: number,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ credits: sql`${users.credits} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.credits, amount)))
    .returning({ credits: users.credits });
  return row?.credits ?? null;
}
