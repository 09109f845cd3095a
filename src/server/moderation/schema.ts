import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { StrikeKind } from "../../contract/moderation";
import { staffAccounts } from "../staff/schema";
import { users } from "../users/schema";

/**
 * design §13: a member's strikes, the history of what staff (or the system) did to their
 * account: warnings, suspensions, bans and their lifting. The sanction in force lives on
 * `users` (sanction, sanction_ends_at), where every read path filters cheaply; this is the
 * record the reports queue shows. `staff_id` null: the system (the auto-lift job).
 */
export const memberStrikes = pgTable(
  "member_strikes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<StrikeKind>().notNull(),
    reason: text("reason").notNull(),
    staffId: integer("staff_id").references(() => staffAccounts.id),
    /** A suspension's end. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("member_strikes_user_idx").on(table.userId, table.createdAt),
    check("member_strikes_kind", sql`${table.kind} in ('warn', 'suspend', 'ban', 'lift')`),
    check(
      "member_strikes_ends_at",
      sql`(${table.kind} = 'suspend') = (${table.endsAt} is not null)`,
    ),
  ],
);

export type MemberStrike = typeof memberStrikes.$inferSelect;
