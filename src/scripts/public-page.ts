/**
 * The few interactive bits of the layouts' static parts, so prerendered pages (the same bytes for
 * every visitor) can still tell a member from a visitor and an installed app from a browser:
 * - `html[data-member]` from the readable hint cookie (set by the server's middleware),
 * - `html[data-app]` in installed-app mode,
 * - the entry warning (spec §2): once for logged-out visitors, not in the app, only for the
 *   listed countries when there is a list, dismissal remembered;
 * - the cookie notice, whose answer the server records, shown after the entry warning is
 *   answered (one notice at a time), with focus kept in a sensible place as each closes;
 * - language links that also save the choice (spec §4: cookie for 365 days, member's language);
 * - the browser's time zone in the `tz` cookie, so the server writes times as the browser will
 *   (issue 29 item 17: no hydration mismatch, no time that changes as the page hydrates).
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../i18n/locales";
import { ownTimeZone, TIME_ZONE_COOKIE } from "../lib/time-zone";

const ENTRY_WARNING_KEY = "entry-warning-dismissed-at";

function readCookies(): Map<string, string> {
  return new Map(
    document.cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
      }),
  );
}

const root = document.documentElement;
const cookies = readCookies();
if (cookies.get("m") === "1") root.dataset.member = "";
const isMember = "member" in root.dataset;
const isInstalledApp =
  matchMedia("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;
if (isInstalledApp) root.dataset.app = "";
const timeZone = ownTimeZone();
if (timeZone && cookies.get(TIME_ZONE_COOKIE) !== timeZone) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-secret preference cookie
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

const main = document.querySelector<HTMLElement>("main#main");

/** Puts focus at the start of the main content without scrolling (after a notice closes). */
function focusMain(): void {
  main?.focus({ preventScroll: true });
}

const cookieNotice = document.querySelector<HTMLElement>("#cookie-notice");
const isCookieNoticeDue = cookieNotice !== null && !cookies.has("cookie_consent");

/**
 * Shows the cookie notice until it is answered. When `takeFocus`, it gets the focus (its title is
 * read, its buttons come next). Answering it gives focus back to where it was before focus went
 * into the notice, or to the main content, never to the page body.
 */
function showCookieNotice(notice: HTMLElement, takeFocus: boolean): void {
  notice.hidden = false;
  if (takeFocus) notice.focus({ preventScroll: true });
  let focusedBefore: HTMLElement | null = null;
  notice.addEventListener("focusin", (event) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !notice.contains(from)) focusedBefore = from;
  });
  for (const button of notice.querySelectorAll<HTMLButtonElement>("[data-consent]")) {
    button.addEventListener("click", async () => {
      notice.hidden = true;
      // That element may since have gone or been hidden; then focus cannot land on it.
      focusedBefore?.focus({ preventScroll: true });
      if (!focusedBefore || document.activeElement !== focusedBefore) focusMain();
      await fetch("/api/cookie-consent.php", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ choice: button.dataset.consent }),
      }).catch(() => {
        // Not recorded this time: the notice asks again on the next page.
      });
    });
  }
}

const entryWarning = document.querySelector<HTMLDialogElement>("dialog#entry-warning");
let isEntryWarningOpen = false;
if (entryWarning) {
  const countries = (entryWarning.dataset.countries ?? "").split(",").filter(Boolean);
  const country = cookies.get("country");
  const isForCountry = countries.length === 0 || !country || countries.includes(country);
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(ENTRY_WARNING_KEY) !== null;
  } catch {
    // Storage blocked: the warning shows each visit, which is the safe side.
  }
  // The warning is a gate: only its button closes it, not Escape.
  entryWarning.addEventListener("cancel", (event) => event.preventDefault());
  entryWarning.querySelector("[data-entry-accept]")?.addEventListener("click", () => {
    try {
      localStorage.setItem(ENTRY_WARNING_KEY, new Date().toISOString());
    } catch {
      // See above.
    }
    entryWarning.close();
    // Opened on arrival, the dialog gives focus back to the page body: the next notice takes
    // it, or else the main content.
    if (cookieNotice && isCookieNoticeDue) showCookieNotice(cookieNotice, true);
    else if (document.activeElement === document.body || !document.activeElement) focusMain();
  });
  // The chat's warning is for members as well (data-members, src/layouts/Chat.astro).
  const forThisVisitor = !isMember || entryWarning.hasAttribute("data-members");
  if (forThisVisitor && !isInstalledApp && !dismissed && isForCountry) {
    entryWarning.showModal();
    isEntryWarningOpen = true;
  }
}

// One notice at a time (on a phone both would cover the screen): the cookie notice waits until
// the entry warning is answered.
if (cookieNotice && isCookieNoticeDue && !isEntryWarningOpen) showCookieNotice(cookieNotice, false);

for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-locale-link]")) {
  link.addEventListener("click", () => {
    const language = link.dataset.localeLink ?? "";
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-secret preference cookie
    document.cookie = `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
    if (isMember) {
      void fetch("/api/user.php", {
        method: "PUT",
        keepalive: true,
        headers: { "content-type": "application/json", "x-request-type": "client" },
        body: JSON.stringify({ language }),
      }).catch(() => undefined);
    }
  });
}
