/**
 * spec §9: dismissals of the profile-photo, push and disabled-notifications alerts and of the
 * time-bonus modal (and the welcome discount's, issue 29 item 12) are remembered with a
 * timestamp (ms since epoch), per browser. They live in a cookie, so the server renders an alert
 * in the page's flow from the first paint, or not at all: nothing covers content, and nothing
 * moves as the page hydrates (issue 29 item 11).
 */
export const DISMISSAL_KINDS = [
  "profilePhoto",
  "push",
  "disabledNotifications",
  "timeBonus",
  "welcome",
] as const;
export type DismissalKind = (typeof DISMISSAL_KINDS)[number];
export type Dismissals = Partial<Record<DismissalKind, number>>;

export const DISMISSALS_COOKIE = "dismissals";

/** An alert comes back this long after it was dismissed. */
export const DISMISSAL_DAYS = 7;

/** The cookie's value (already URI-decoded) as dismissals; anything else in it is dropped. */
export function parseDismissals(value: string | undefined): Dismissals {
  if (!value || value.length > 1000) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const dismissals: Dismissals = {};
  for (const kind of DISMISSAL_KINDS) {
    const at = (parsed as Record<string, unknown>)[kind];
    if (typeof at === "number" && Number.isFinite(at)) dismissals[kind] = at;
  }
  return dismissals;
}

export function isDismissedIn(dismissals: Dismissals, kind: DismissalKind, now: number): boolean {
  const at = dismissals[kind];
  return at !== undefined && now - at < DISMISSAL_DAYS * 86_400_000;
}
