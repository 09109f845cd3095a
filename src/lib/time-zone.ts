/*
 * Issue 29 item 17: times are written in the member's own time zone, the same on the server and
 * in the browser, so a page hydrates without a mismatch in any zone. The page script keeps the
 * browser's zone in the `tz` cookie (src/scripts/public-page.ts); the server renders with it
 * (locals.timeZone) and hands it to the islands, which switch to the browser's own only if it
 * differs (a first visit, or a journey).
 */

/** The cookie that carries the browser's time zone to the server. */
export const TIME_ZONE_COOKIE = "tz";

/** A time zone the runtime knows, in its own spelling, or null (a forged or stale name). */
export function knownTimeZone(name: string | null | undefined): string | null {
  if (!name || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The browser's (or the process's) own time zone. */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The calendar day of an instant in a zone, to tell "today" apart: "2026-11-27". */
export function dayIn(zone: string, date: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}
