/**
 * issue 28 item 4: the console's daily figures, zod-free so the console's island may import
 * them. Each is one row of `metric_rollups` a site and UTC day (revenue one a currency).
 */
export const METRICS = [
  "signups",
  "activations",
  "active_members",
  "messages_members",
  "messages_profiles",
  "likes",
  "matches",
  "first_payments",
  "revenue",
  "open_reports",
  "inbox_first_response",
] as const;
export type MetricName = (typeof METRICS)[number];

/** The longest period the console asks for at once (a year and a day). */
export const METRICS_MAX_DAYS = 366;
/** The period the console's home opens on: the last 30 UTC days, today included. */
export const METRICS_DEFAULT_DAYS = 30;
