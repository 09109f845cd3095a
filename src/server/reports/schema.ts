import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ReportReason } from "../../contract/report-options";
import { conversations } from "../chat/schema";
import { users } from "../users/schema";

/**
 * A member's report of another (issue 12), kept for the moderation work to come. Keyed on
 * accounts like chat, so a report outlives the reported member's erased profile. One per pair.
 */
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reporterUserId: integer("reporter_user_id")
      .notNull()
      .references(() => users.id),
    reportedUserId: integer("reported_user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").$type<ReportReason>().notNull(),
    note: text("note"),
    /** The conversation the report was made from, for the moderator to read. */
    conversationId: integer("conversation_id").references(() => conversations.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reports_pair_key").on(table.reporterUserId, table.reportedUserId),
    index("reports_reported_idx").on(table.reportedUserId, table.createdAt),
  ],
);
