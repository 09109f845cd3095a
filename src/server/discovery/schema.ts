import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../profiles/schema";

/** Why a member is not offered a profile again (issue 13). */
export const SEEN_KINDS = ["pass", "offered"] as const;
export type SeenKind = (typeof SEEN_KINDS)[number];

/**
 * The profiles a member has been through in discovery (issue 13): passed in the swipe game (never
 * shown there again; the last pass can be undone), or offered in the like pop-up (which shows
 * each profile once). Likes are not here: the likes table says whom a member liked.
 */
export const discoverySeen = pgTable(
  "discovery_seen",
  {
    viewerProfileId: integer("viewer_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<SeenKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.viewerProfileId, table.profileId] }),
    // The undo of the last pass: a member's newest first.
    index("discovery_seen_recent_idx").on(table.viewerProfileId, table.createdAt),
    index("discovery_seen_profile_idx").on(table.profileId),
  ],
);

/**
 * Likes given in the swipe game a day (spec §9: 4 a day for free members), one row a member and
 * day of the site's calendar. Counted up under the row's lock, so parallel likes cannot pass the
 * limit together.
 */
export const swipeDays = pgTable(
  "swipe_days",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    likes: integer("likes").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.day] })],
);
