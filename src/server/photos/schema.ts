import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../profiles/schema";

export type PhotoStatus = "active" | "pending" | "rejected";

export const photos = pgTable(
  "photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /**
     * Storage key prefix with a random part (design §8: URLs cannot be guessed); the stored
     * files are `<key>.webp` (full size) and `<key>-thumb.webp`.
     */
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
    status: text("status").$type<PhotoStatus>().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("photos_profile_idx").on(table.profileId, table.position)],
);

export type Photo = typeof photos.$inferSelect;
