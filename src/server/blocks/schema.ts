import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../profiles/schema";

/** spec §6: a member blocks another; the blocked member no longer sees or reaches them. */
export const blocks = pgTable(
  "blocks",
  {
    blockerProfileId: integer("blocker_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedProfileId: integer("blocked_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerProfileId, table.blockedProfileId] }),
    // "Who blocked me" is asked on every search and profile view.
    index("blocks_blocked_idx").on(table.blockedProfileId),
  ],
);
