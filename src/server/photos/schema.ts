import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { PhotoStatus } from "../../contract/profile-options";
import { profiles } from "../profiles/schema";

export const photos = pgTable(
  "photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /**
     * Storage key prefix with 96 random bits (design §8: URLs cannot be guessed); the stored
     * renditions are `<key>-thumb.webp`, `<key>-main.webp` and `<key>-large.webp`.
     */
    storageKey: text("storage_key").notNull(),
    /**
     * Key of the server-made blurred rendition (`<blurKey>.webp`) shown while the photo is
     * locked. Random on its own, so it reveals nothing of `storageKey` (design §8).
     */
    blurKey: text("blur_key"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
    status: text("status").$type<PhotoStatus>().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("photos_profile_idx").on(table.profileId, table.position),
    // /media looks a file up by its key to check who may see it.
    index("photos_storage_key_idx").on(table.storageKey),
    index("photos_blur_key_idx").on(table.blurKey),
  ],
);

export type Photo = typeof photos.$inferSelect;
