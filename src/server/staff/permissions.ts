import type { StaffRole } from "../../contract/staff-options";
import { ApiError } from "../lib/errors";

/**
 * Everything a staff member may be allowed to do. A service checks one of these with
 * `requirePermission` before it reads or changes anything (design §10: authorization lives in
 * the services); pages only hide what a role cannot use.
 */
export const PERMISSIONS = [
  "reports.read",
  "reports.resolve",
  "members.read",
  "members.search",
  "members.private_read",
  "members.ban",
  "members.suspend",
  "members.lift",
  "members.warn",
  "members.credits",
  "members.support",
  "members.export",
  "members.erase",
  "orders.refund",
  "photos.review",
  "flags.read",
  "flags.resolve",
  "inbox.answer",
  "audit.read",
  "staff.manage",
  "settings.write",
  "content.edit",
  "discounts.manage",
  "metrics.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * design §13: the one role table. Moderators work reports, photos, messages the safety rules
 * flagged and bans (the reports queue and the flags, with the conversations around them, are
 * theirs and admins'); support works members' accounts, money and private data (every read of
 * which is audited); operators answer the site's own profiles; editors edit the legal texts
 * (content.edit) and nothing else; admins do all of that and alone read the audit log, manage
 * staff, change settings, make discount codes and read the numbers at a glance (metrics.read:
 * revenue and conversion are the business's figures, no role's queue needs them; each queue
 * shows its own load).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  moderator: [
    "reports.read",
    "reports.resolve",
    "members.read",
    "members.ban",
    "members.suspend",
    "members.lift",
    "members.warn",
    "photos.review",
    "flags.read",
    "flags.resolve",
  ],
  // members.search finds a member by e-mail address too; members.support: resend the
  // activation, end sessions, lift a direct-debit block, mark a profile fictional.
  support: [
    "members.read",
    "members.search",
    "members.private_read",
    "members.credits",
    "members.support",
    "members.export",
    "members.erase",
    "orders.refund",
  ],
  operator: ["inbox.answer"],
  // design §1's content editors: the legal texts per site and language, nothing of members.
  editor: ["content.edit"],
};

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Refuses a staff member whose role lacks a permission: 403 `forbidden`.
 * @example requirePermission(staff, "audit.read")
 */
export function requirePermission(staff: { role: StaffRole }, permission: Permission): void {
  if (!hasPermission(staff.role, permission)) {
    throw new ApiError(403, "forbidden", "error.forbidden");
  }
}

/**
 * design §10: a service's check of who acts. A staff member's role must hold `permission` (else
 * 403 forbidden); the command line (decision 0010) and the system have no role and act as the
 * operator.
 * @example authorize(actor, "members.credits")
 */
export function authorize(
  actor: { staff: { role: StaffRole } | null },
  permission: Permission,
): void {
  if (actor.staff) requirePermission(actor.staff, permission);
}
