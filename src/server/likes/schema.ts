import { boolean, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../profiles/schema";

/** A like from one profile to another (spec §3 Liked-by entry: id, like_new). */
export const likes = pgTable(
  "likes",
  {
    likerProfileId: integer("liker_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    likedProfileId: integer("liked_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** spec §4: cleared when the liked member opens the liker's profile. */
    isNew: boolean("is_new").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.likerProfileId, table.likedProfileId] }),
    index("likes_liked_idx").on(table.likedProfileId, table.isNew),
  ],
);
