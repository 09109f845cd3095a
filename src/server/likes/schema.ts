import { sql } from "drizzle-orm";
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
    // The likes page's lists, newest first, paged by keyset: who liked me, whom I liked.
    index("likes_received_idx").on(table.likedProfileId, table.createdAt, table.likerProfileId),
    index("likes_given_idx").on(table.likerProfileId, table.createdAt, table.likedProfileId),
    // The console's daily rollup counts a day's likes by this (metrics/rollup.ts).
    index("likes_created_idx").on(table.createdAt),
  ],
);

/**
 * Two members who liked each other (issue 13: a like that answers a like). One row per pair,
 * lower profile id first, written by the second like under the pair's lock, so two likes that
 * cross make one match; taking a like back removes it. Each side's 'seen' says whether that
 * member was shown the 'It's a match' dialog: live, or on their next page if they were away.
 */
export const matches = pgTable(
  "matches",
  {
    profileLowId: integer("profile_low_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    profileHighId: integer("profile_high_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lowSeen: boolean("low_seen").notNull().default(false),
    highSeen: boolean("high_seen").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.profileLowId, table.profileHighId] }),
    index("matches_high_idx").on(table.profileHighId, table.createdAt),
    index("matches_low_idx").on(table.profileLowId, table.createdAt),
    index("matches_created_idx").on(table.createdAt),
    // Every member page asks for the member's unseen match: small, as most are seen at once.
    index("matches_low_unseen_idx")
      .on(table.profileLowId, table.createdAt)
      .where(sql`not ${table.lowSeen}`),
    index("matches_high_unseen_idx")
      .on(table.profileHighId, table.createdAt)
      .where(sql`not ${table.highSeen}`),
  ],
);
