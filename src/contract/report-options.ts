/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/** Why a member reports another; labels are `report.reason.<reason>` in the catalogues. */
export const REPORT_REASONS = [
  "fake_profile",
  "spam",
  "scam",
  "harassment",
  "inappropriate",
  "underage",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest note a report takes. */
export const REPORT_NOTE_MAX = 1000;

/** How urgent a report case is; the moderators' queue shows the highest first. */
export const REPORT_SEVERITIES = ["low", "medium", "high"] as const;
export type ReportSeverity = (typeof REPORT_SEVERITIES)[number];

/**
 * The one table of how urgent each reason is (issue 27 item 3); a case takes the highest of its
 * reports. High: a possible minor (`underage`), money taken from members (`scam`), and
 * `harassment`, whose label reads "harassment or threats" (a threat can be violence). Medium:
 * `fake_profile` (catfish, and often the start of a scam) and `inappropriate` content, which stay
 * visible to others until handled. Low: `spam` and `other`, annoying but not harmful on their
 * own. The migration that backfilled cases (drizzle/0030, custom SQL) copies this table as it
 * was then; change it here, and existing open cases keep their severity until a new report.
 */
export const REASON_SEVERITY: Readonly<Record<ReportReason, ReportSeverity>> = {
  underage: "high",
  scam: "high",
  harassment: "high",
  fake_profile: "medium",
  inappropriate: "medium",
  spam: "low",
  other: "low",
};

/** What a moderator may do to close a case (POST /api/staff/reports/{id}/resolve). */
export const REPORT_ACTIONS = [
  "dismiss",
  "warn",
  "remove_photo",
  "remove_text",
  "suspend",
  "ban",
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
