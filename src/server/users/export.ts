import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import { profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import type { User } from "./schema";

/**
 * Everything stored about a member, for download (GDPR art. 15 and 20). Messages, likes and
 * payments are listed as their features store them; they are empty until those exist.
 */
export async function exportMemberData(db: Database, user: User, site: Site) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  const photoRows = profile
    ? await db
        .select()
        .from(photos)
        .where(eq(photos.profileId, profile.id))
        .orderBy(asc(photos.position))
    : [];
  return {
    exported_at: new Date().toISOString(),
    site: site.name,
    account: {
      email: user.email,
      status: user.status,
      signup_date: user.signupDate.toISOString(),
      language: user.language,
      credits: user.credits,
      paid_user: user.paidUser,
      notifications_disabled: user.notificationsDisabled,
      email_disabled_reason: user.emailDisabledReason,
      tracking: user.tracking,
      signup_message: user.signupMessage,
      signup_message_to: user.signupMessageTo,
    },
    profile: profile
      ? {
          name: profile.name,
          gender: profile.gender,
          seeking: profile.seeking,
          birthdate: profile.birthdate,
          country: profile.country,
          region: profile.region,
          about: profile.about,
          interests: profile.interests,
          invisible: profile.invisible,
          status: profile.status,
          created_at: profile.createdAt.toISOString(),
        }
      : null,
    photos: photoRows.map((photo) => ({
      url: toPhotoView(photo, site.cdnPrefix).match,
      position: photo.position,
      status: photo.status,
      uploaded_at: photo.createdAt.toISOString(),
    })),
    messages_sent: [] as unknown[],
    likes: [] as unknown[],
    payments: [] as unknown[],
  };
}
