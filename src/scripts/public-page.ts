/**
 * The few interactive bits of the layouts' static parts, so prerendered pages (the same bytes for
 * every visitor) can still tell a member from a visitor and an installed app from a browser:
 * - `html[data-member]` from the readable hint cookie (set by the server's middleware),
 * - `html[data-app]` in installed-app mode,
 * - the entry warning (spec §2): once for logged-out visitors, not in the app, only for the
 *   listed countries when there is a list, dismissal remembered;
 * - the cookie notice, whose answer the server records;
 * - language links that also save the choice (spec §4: cookie for 365 days, member's language).
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../i18n/locales";

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

const entryWarning = document.querySelector<HTMLDialogElement>("dialog#entry-warning");
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
  });
  if (!isMember && !isInstalledApp && !dismissed && isForCountry) entryWarning.showModal();
}

const cookieNotice = document.querySelector<HTMLElement>("#cookie-notice");
if (cookieNotice && !cookies.has("cookie_consent")) {
  cookieNotice.hidden = false;
  for (const button of cookieNotice.querySelectorAll<HTMLButtonElement>("[data-consent]")) {
    button.addEventListener("click", async () => {
      cookieNotice.hidden = true;
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
