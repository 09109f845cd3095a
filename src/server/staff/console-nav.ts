import type { StaffRole } from "../../contract/staff-options";
import type { MessageKey } from "../../i18n/catalogues";
import { hasPermission, type Permission } from "./permissions";

/**
 * design §13: the console's screens, each shown to a role with its permission (the API checks
 * again), in this order; a role's first one is where /staff takes it (issue 27: the reports
 * queue is the screen first in the console; issue 28: operators start in their inbox,
 * admins still on the reports).
 */
export const CONSOLE_SCREENS: readonly {
  href: string;
  label: MessageKey;
  permission: Permission;
}[] = [
  { href: "/staff/overview", label: "staff.console.nav.overview", permission: "metrics.read" },
  { href: "/staff/reports", label: "staff.console.nav.reports", permission: "reports.read" },
  { href: "/staff/inbox", label: "staff.console.nav.inbox", permission: "inbox.answer" },
  { href: "/staff/photos", label: "staff.console.nav.photos", permission: "photos.review" },
  { href: "/staff/safety", label: "staff.console.nav.safety", permission: "flags.read" },
  { href: "/staff/members", label: "staff.console.nav.members", permission: "members.search" },
  { href: "/staff/legal", label: "staff.console.nav.legal", permission: "content.edit" },
  {
    href: "/staff/discounts",
    label: "staff.console.nav.discounts",
    permission: "discounts.manage",
  },
  { href: "/staff/settings", label: "staff.console.nav.settings", permission: "settings.write" },
  { href: "/staff/audit", label: "staff.console.nav.audit", permission: "audit.read" },
];

export function screensOf(role: StaffRole) {
  return CONSOLE_SCREENS.filter((screen) => hasPermission(role, screen.permission));
}

/** Only a same-site path is followed after sign-in (no open redirect); else the console. */
export function safeNext(requested: string | null): string {
  const value = requested ?? "";
  return /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/staff";
}
