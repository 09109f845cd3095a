/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/**
 * design §13: the staff roles. What each may do is `staff/permissions.ts`'s one role table:
 * admin (everything), moderator (reports, bans), support (members' accounts and orders),
 * operator (the chat agents of the site's own profiles), editor (the legal texts, issue 28).
 */
export const STAFF_ROLES = ["admin", "moderator", "support", "operator", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an audit row's target is: the kind of thing a staff action touched. */
export const STAFF_AUDIT_TARGETS = [
  "staff",
  "member",
  "report",
  "order",
  "photo",
  "setting",
  "message_flag",
  "legal_text",
  "discount_code",
  "conversation",
] as const;
export type StaffAuditTarget = (typeof STAFF_AUDIT_TARGETS)[number];

/**
 * Every action an audit row names, `<area>.<verb>` (design §13): what staff did, and what they
 * read of members' private data. recordStaffAction takes only these; the console shows each by
 * name (`staff.console.code.auditAction.<action>`), the code beside it for the log's filter.
 */
export const STAFF_AUDIT_ACTIONS = [
  "staff.add",
  "staff.disable",
  "staff.inbox_scope",
  "staff.login",
  "staff.login_failed",
  "staff.logout",
  "member.search",
  "member.read",
  "member.credits",
  "member.resend_activation",
  "member.end_sessions",
  "member.lift_direct_debit_block",
  "member.export",
  "member.erase",
  "member.fictional",
  "member.warn",
  "member.suspend",
  "member.ban",
  "member.lift",
  "order.refund",
  "report.queue_read",
  "report.claim",
  "report.take_over",
  "report.unclaim",
  "report.resolve",
  "photo.approve",
  "photo.reject",
  "flags.read",
  "flag.resolve",
  "legal.save",
  "legal.revert",
  "discount.create",
  "discount.disable",
  "settings.update",
  "inbox.claim",
  "inbox.reply",
  "inbox.read",
  "inbox.notes",
  "inbox.canned_create",
  "inbox.canned_delete",
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

/** A flagged message's state (issue 27 item 6): open in the queue, or a moderator's verdict. */
export const FLAG_STATUSES = ["open", "false_positive", "confirmed"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** What a moderator decides about a flagged message. */
export const FLAG_VERDICTS = ["false_positive", "confirmed"] as const;
export type FlagVerdict = (typeof FLAG_VERDICTS)[number];

/**
 * The message safety rules (issue 27 item 6), in the console's order; each is defined, with its
 * test, in src/server/safety/message-rules.ts, and named for staff by `staff.safety.rule.<id>`.
 */
export const SAFETY_RULE_IDS = [
  "link",
  "email",
  "phone",
  "iban",
  "crypto",
  "money_request",
  "gift_card",
  "messenger",
] as const;
export type SafetyRuleId = (typeof SAFETY_RULE_IDS)[number];

/**
 * A discount code's state in the console (issue 28 item 3): disabled by staff, or by its
 * validity now: not started yet (scheduled), running (active), or over (expired).
 */
export const DISCOUNT_CODE_STATES = ["active", "scheduled", "expired", "disabled"] as const;
export type DiscountCodeState = (typeof DISCOUNT_CODE_STATES)[number];

/** The codes that follow from the member, shown read only: TIMEBONUS25 and WELCOME25. */
export const BUILTIN_DISCOUNTS = ["time_bonus", "welcome"] as const;
export type BuiltinDiscount = (typeof BUILTIN_DISCOUNTS)[number];

/** spec §3 Settings.signups: who may sign up (with_trafficsource: arrivals by a traffic source). */
export const SIGNUP_MODES = ["all", "with_trafficsource", "other"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
