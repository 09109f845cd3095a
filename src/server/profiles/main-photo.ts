import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "./schema";

/**
 * The photo that shows a member on cards and lists (`profiles.main_photo_id`); null for none.
 * The photos feature picks it (upload, arrange, delete), in its own transaction.
 */
export async function setMainPhoto(
  db: Database,
  profileId: number,
  photoId: number | null,
): Promise<void> {
  await db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, profileId));
}
