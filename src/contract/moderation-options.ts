/** design §13: the account actions' plain values (no zod: islands import them). */

/** What a strike records: a warning, a suspension, a ban, or the lifting of one. */
export const STRIKE_KINDS = ["warn", "suspend", "ban", "lift"] as const;
export type StrikeKind = (typeof STRIKE_KINDS)[number];

/** A suspension lasts 1 to 365 days. */
export const SUSPENSION_DAYS_MAX = 365;

/** A sanction's reason is what the member and the audit log are told: a few sentences at most. */
export const SANCTION_REASON_MAX = 1000;
