import { asc, eq } from "drizzle-orm";
import type { MemberExport } from "../../contract/users";
import { findBlockedProfiles } from "../blocks/service";
import { findMessagesSent } from "../chat/messages";
import { findLedger } from "../credits/service";
import type { Database } from "../db/client";
import { findGiftsSent } from "../gifts/service";
import { findLikesGiven } from "../likes/service";
import { createMediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import { profiles } from "../profiles/schema";
import { toOwnProfile } from "../profiles/wizard";
import type { Site } from "../sites/registry";
import type { User } from "../users/schema";

/**
 * Everything stored about a member, for download (GDPR art. 15 and 20). Payments are listed
 * as their feature stores them; empty until it exists.
 */
export async function exportMemberData(
  db: Database,
  user: User,
  site: Site,
): Promise<MemberExport> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  // The download's photo links are the member's own, minted for them (they last 60 to 70 min).
  const media = createMediaSigner(site, user);
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
          ...toOwnProfile(profile),
          invisible: profile.invisible,
          status: profile.status,
          created_at: profile.createdAt.toISOString(),
        }
      : null,
    photos: photoRows.map((photo) => ({
      url: toPhotoView(photo, media).large,
      position: photo.position,
      status: photo.status,
      uploaded_at: photo.createdAt.toISOString(),
    })),
    messages_sent: withIsoDates(await findMessagesSent(db, user.id)),
    credit_history: withIsoDates(await findLedger(db, user.id)),
    likes: profile ? withIsoDates(await findLikesGiven(db, profile.id)) : [],
    blocked_members: profile ? withIsoDates(await findBlockedProfiles(db, profile.id)) : [],
    gifts_sent: profile ? withIsoDates(await findGiftsSent(db, profile.id)) : [],
    payments: [],
  };
}

/** The JSON text of the rows' timestamps, as the contract states it (the same on the wire). */
function withIsoDates<T extends { created_at: Date }>(rows: T[]) {
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
