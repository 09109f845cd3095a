import AxeBuilder from "@axe-core/playwright";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

/**
 * The default site's configured origin (AMORA_ORIGIN, set by playwright.config.ts), which every
 * link in its e-mails starts with (design §4), whatever address the request came to.
 */
export const SITE_ORIGIN = "http://localhost:4321";

/** The README's demo login: only for the test that proves the demo works (auth.spec.ts). */
export const DEMO = { email: "demo@example.com", password: "demo-password-1" } as const;

type Account = { email: string; password: string };

/** Signs in through the API (faster than the form); the cookie lands in the page's context. */
export async function signIn(page: Page, account: Account) {
  await signInRequest(page.request, account);
}

/**
 * Signs in as another member in the same page. The page leaves the site first: a login ends the
 * session it replaces, and a page still open on the member before would see its next call
 * refused and go to the login page by itself (which sends a member on), racing the test's own
 * next navigation (net::ERR_ABORTED).
 */
export async function switchMember(page: Page, account: Account) {
  await page.goto("about:blank");
  await signIn(page, account);
}

/** Signs in a request context of its own: a second member acting beside the page's. */
export async function signInRequest(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/user.php", {
    data: { email: account.email, password: account.password },
    // Not kept alive: the test's next API call comes after seconds in the browser, when the
    // server may close an idle connection just as the call reuses it (a read ECONNRESET on a
    // loaded machine).
    headers: { connection: "close" },
  });
  expect(response.status()).toBe(200);
}

/** The accessibility violations of the current page with one of `impacts`, one line each. */
async function violations(page: Page, impacts: readonly string[]) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => impacts.includes(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/**
 * No critical, serious or moderate accessibility violations on the current page: what every
 * member screen is held to (issue 29 item 18: heading order, a missing h1, a table's region).
 */
export async function expectAccessible(page: Page) {
  expect(await violations(page, ["critical", "serious", "moderate"])).toEqual([]);
}

/**
 * No serious or critical accessibility violations: the older bar, still used for the public
 * and staff pages until their moderate findings are looked at.
 */
export async function expectNoSeriousViolations(page: Page) {
  expect(await violations(page, ["critical", "serious"])).toEqual([]);
}

/** Collects console errors (a CSP violation or a hydration failure shows up here). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/**
 * Waits until the islands that are on screen have hydrated (Astro drops their `ssr` attribute),
 * so a click reaches React and not the server-rendered HTML.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("astro-island")]
      .filter((island) => {
        if (island.getAttribute("client") !== "visible") return true;
        const box = island.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      })
      .every((island) => !island.hasAttribute("ssr")),
  );
}

/**
 * Every id on the page is its own, and every element an ARIA attribute names is there: React's
 * `useId` in two islands of a page stays unique only with each island's own prefix
 * (src/server/lib/react-renderer.ts passes it to the server render). Answers the prefixes of the
 * islands that have such ids.
 */
export async function expectIdsUnique(page: Page) {
  const found = await page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    const referred = [
      ...document.querySelectorAll("[aria-labelledby], [aria-describedby], [aria-controls]"),
    ].flatMap((element) =>
      ["aria-labelledby", "aria-describedby", "aria-controls"].flatMap((name) =>
        (element.getAttribute(name) ?? "").split(/\s+/).filter(Boolean),
      ),
    );
    return {
      repeated: ids.filter((id, index) => ids.indexOf(id) !== index),
      missing: referred.filter((id) => !document.getElementById(id)),
      // useId's ids (React 19: `_r3R_0_` in the island of prefix r3) by island.
      islands: [...new Set(ids.flatMap((id) => /^_(r\d+)R_/.exec(id)?.[1] ?? []))],
    };
  });
  expect(found.repeated).toEqual([]);
  expect(found.missing).toEqual([]);
  return found.islands;
}

/**
 * Chooses a date of birth in the date-of-birth field (day, month by name, year), as a person
 * would; `scope` is the page or the dialog holding the form.
 */
export async function chooseDateOfBirth(
  scope: Page | Locator,
  date: { day: string; month: string; year: string },
) {
  const field = scope.getByRole("group", { name: "Date of birth" });
  await field.getByLabel("Day").selectOption(date.day);
  await field.getByLabel("Month").selectOption({ label: date.month });
  await field.getByLabel("Year").selectOption(date.year);
  return field;
}

/**
 * Follows a link of an e-mail shown on the outbox page, once the mail is there. The link carries the site's configured
 * origin, never the address of the request that sent the mail; this test server listens on a
 * port of its own, so the link's path and query are opened here.
 */
export async function openMailLink(page: Page, name: RegExp) {
  const link = page.getByRole("link", { name }).first();
  // Some mails are written by a job a moment after the request that asked for them (a password
  // reset answers first, so that its timing tells nobody whether the account exists): the
  // outbox page, rendered once, is reloaded until the mail is on it.
  await expect(async () => {
    if (!(await link.isVisible())) await page.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const href = await link.getAttribute("href");
  const url = new URL(href ?? "");
  expect(url.origin).toBe(SITE_ORIGIN);
  await page.goto(`${url.pathname}${url.search}`);
}

/** What a staff member's authenticator app shows now (RFC 6238: 30 s, 6 digits). */
function totpNow(secret: string): string {
  return generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
}

/** Signs a staff member in at the console's login page: password and the code of this moment. */
export async function signInToConsole(
  console: Page,
  staff: { email: string; password: string; totp_secret: string },
) {
  await waitForHydration(console);
  await console.getByLabel("E-mail address").fill(staff.email);
  await console.getByLabel("Password").fill(staff.password);
  const code = console.getByLabel("Code from your authenticator app");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await code.fill(totpNow(staff.totp_secret));
  await console.getByRole("button", { name: "Sign in" }).click();
}
