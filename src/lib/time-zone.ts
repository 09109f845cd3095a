/*
 * Issue 29 item 17: times are written in the member's own time zone, the same on the server and
 * in the browser, so a page hydrates without a mismatch in any zone. The page script keeps the
 * browser's zone in the `tz` cookie (src/scripts/public-page.ts); the server renders with it
 * (locals.timeZone) and hands it to the islands, which switch to the browser's own only if it
 * differs (a first visit, or a journey).
 */

/** The cookie that carries the browser's time zone to the server. */
export const TIME_ZONE_COOKIE = "tz";

/** Zones already checked (a few hundred exist): every page request asks, so each is asked once. */
const checked = new Map<string, string | null>();

/** A time zone the runtime knows, in its own spelling, or null (a forged or stale name). */
export function knownTimeZone(name: string | null | undefined): string | null {
  if (!name || name.length > 64) return null;
  const known = checked.get(name);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  // Bounded against a client that sends a new forged name each time.
  if (checked.size >= 1000) checked.clear();
  checked.set(name, zone);
  return zone;
}

/** The browser's (or the process's) own time zone. */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A formatter of calendar days per zone: making one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone, to tell "today" apart: "2026-11-27". */
export function dayIn(zone: string, date: Date): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    // Bounded as knownTimeZone's answers are.
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(zone, format);
  }
  return format.format(date);
}
