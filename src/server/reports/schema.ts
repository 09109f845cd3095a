import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ReportAction, ReportReason } from "../../contract/report-options";
import { conversations } from "../chat/schema";
import { staffAccounts } from "../staff/schema";
import { users } from "../users/schema";

/**
 * issue 27 item 3: the moderators' unit of work, one case per reported member while it is open.
 * Every report of a member with an open case joins it (reports/cases.ts, in the report's own
 * transaction); once resolved, the next report opens a new case. `severity` is the highest of
 * its reports' (REASON_SEVERITY, contract/report-options.ts) as a rank: 1 low, 2 medium, 3 high.
 * A moderator claims a case before working it; a claim older than 30 minutes may be taken over.
 */
export const reportCases = pgTable(
  "report_cases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reportedUserId: integer("reported_user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").$type<"open" | "resolved">().notNull().default("open"),
    severity: smallint("severity").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest report's time: the queue shows the newest first within a severity. */
    lastReportedAt: timestamp("last_reported_at", { withTimezone: true }).notNull().defaultNow(),
    claimedBy: integer("claimed_by").references(() => staffAccounts.id),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => staffAccounts.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionAction: text("resolution_action").$type<ReportAction>(),
    resolutionReason: text("resolution_reason"),
  },
  (table) => [
    // One open case per member: a new report joins it (ON CONFLICT on this index).
    uniqueIndex("report_cases_open_member_key")
      .on(table.reportedUserId)
      .where(sql`${table.status} = 'open'`),
    // The queue: open cases, highest severity first, then newest (keyset on all three).
    index("report_cases_queue_idx")
      .on(
        table.severity.desc().nullsFirst(),
        table.lastReportedAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.status} = 'open'`),
    // A member's earlier cases (the history shown beside a case).
    index("report_cases_member_idx").on(table.reportedUserId, table.id),
    check("report_cases_status", sql`${table.status} in ('open', 'resolved')`),
    check("report_cases_severity", sql`${table.severity} between 1 and 3`),
    check(
      "report_cases_resolved",
      sql`(${table.status} = 'open') = (${table.resolvedAt} is null and ${table.resolutionAction} is null)`,
    ),
  ],
);

export type ReportCase = typeof reportCases.$inferSelect;

/**
 * A member's report of another (issue 12). Keyed on accounts like chat, so a report outlives the
 * reported member's erased profile. One per pair.
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
    /**
     * The case it belongs to. Never null in practice: set when the report is made, and
     * backfilled for older reports by drizzle/0030 (nullable only so that migration could add it).
     */
    caseId: integer("case_id").references(() => reportCases.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reports_pair_key").on(table.reporterUserId, table.reportedUserId),
    index("reports_reported_idx").on(table.reportedUserId, table.createdAt),
    index("reports_case_idx").on(table.caseId, table.id),
  ],
);
