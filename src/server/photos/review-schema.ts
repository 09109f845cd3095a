import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PhotoRejectReason } from "../../contract/staff-photo-options";
import { photos } from "../profiles/schema";

/**
 * The perceptual hash of every image a moderator rejected (photos/review.ts). Kept apart from
 * the photo, so that deleting the rejected photo or erasing its member does not let the image
 * back in: an upload within photos/phash.ts's threshold of any of these is refused.
 */
export const rejectedPhotoHashes = pgTable(
  "rejected_photo_hashes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** 16 hex digits, photos/phash.ts. */
    phash: text("phash").notNull(),
    photoId: integer("photo_id").references(() => photos.id, { onDelete: "set null" }),
    reason: text("reason").$type<PhotoRejectReason>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The upload's check reads the hashes alone: an index-only scan.
    index("rejected_photo_hashes_phash_idx").on(table.phash),
    // Deleting a photo clears photo_id here: found by this index, not by a scan.
    index("rejected_photo_hashes_photo_idx").on(table.photoId),
  ],
);
