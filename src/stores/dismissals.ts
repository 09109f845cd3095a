import { persistentAtom } from "@nanostores/persistent";

/**
 * spec §9: dismissals of the profile-photo, push and disabled-notifications alerts and of the
 * time-bonus modal (and the welcome discount's, issue 29 item 12) are remembered with a
 * timestamp (ms since epoch), per browser.
 */
export type DismissalKind =
  | "profilePhoto"
  | "push"
  | "disabledNotifications"
  | "timeBonus"
  | "welcome";

export const $dismissals = persistentAtom<Partial<Record<DismissalKind, number>>>(
  "dismissals",
  {},
  { encode: JSON.stringify, decode: JSON.parse },
);

/** An alert comes back this long after it was dismissed. */
export const DISMISSAL_DAYS = 7;

export function isDismissed(kind: DismissalKind, now = Date.now()): boolean {
  const at = $dismissals.get()[kind];
  return at !== undefined && now - at < DISMISSAL_DAYS * 86_400_000;
}

export function dismiss(kind: DismissalKind, now = Date.now()): void {
  $dismissals.set({ ...$dismissals.get(), [kind]: now });
}
