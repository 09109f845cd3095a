import { atom } from "nanostores";
import {
  DISMISSALS_COOKIE,
  type DismissalKind,
  type Dismissals,
  isDismissedIn,
  parseDismissals,
} from "../contract/dismissal-options";

export type { DismissalKind };

/** A year, as long as the locale cookie (spec §9 keeps the timestamps; DISMISSAL_DAYS ages them). */
const MAX_AGE = 365 * 24 * 60 * 60;

function readCookie(): Dismissals {
  if (typeof document === "undefined") return {};
  const pair = document.cookie
    .split("; ")
    .find((entry) => entry.startsWith(`${DISMISSALS_COOKIE}=`));
  if (!pair) return {};
  try {
    return parseDismissals(decodeURIComponent(pair.slice(DISMISSALS_COOKIE.length + 1)));
  } catch {
    return {};
  }
}

function writeCookie(dismissals: Dismissals): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const value = encodeURIComponent(JSON.stringify(dismissals));
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-secret preference cookie the server reads too
  document.cookie = `${DISMISSALS_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax${secure}`;
}

/** The browser's dismissals (the `dismissals` cookie, which the layout reads as well). */
export const $dismissals = atom<Dismissals>(readCookie());

export function isDismissed(kind: DismissalKind, now = Date.now()): boolean {
  return isDismissedIn($dismissals.get(), kind, now);
}

export function dismiss(kind: DismissalKind, now = Date.now()): void {
  const dismissals = { ...readCookie(), ...$dismissals.get(), [kind]: now };
  $dismissals.set(dismissals);
  writeCookie(dismissals);
}
