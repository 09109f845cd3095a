/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/**
 * design §13: the staff roles. What each may do is `staff/permissions.ts`'s one role table:
 * admin (everything), moderator (reports, bans), support (members' accounts and orders),
 * operator (the chat agents of the site's own profiles).
 */
export const STAFF_ROLES = ["admin", "moderator", "support", "operator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an audit row's target is: the kind of thing a staff action touched. */
export const STAFF_AUDIT_TARGETS = [
  "staff",
  "member",
  "report",
  "order",
  "photo",
  "setting",
] as const;
export type StaffAuditTarget = (typeof STAFF_AUDIT_TARGETS)[number];
