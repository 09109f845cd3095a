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
