import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO = { email: "demo@example.com", password: "demo-password-1" } as const;
export const PREMIUM = { email: "premium@example.com", password: "demo-password-1" } as const;

/** Signs in through the API (faster than the form); the cookie lands in the page's context. */
export async function signIn(page: Page, account: { email: string; password: string } = DEMO) {
  const response = await page.request.post("/api/user.php", { data: account });
  expect(response.status()).toBe(200);
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
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
 * Signs a new member up through the API and opens the activation link from the dev mailbox, so
 * the page is logged in as a fresh, confirmed member. Returns the address and password.
 */
export async function createActivatedMember(page: Page) {
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@test.example`;
  const password = "a long and unusual passphrase";
  const signup = await page.request.post("/api/signup.php", {
    data: { email, name: "Alex", password, date_of_birth: "1990-06-01" },
  });
  expect(signup.status()).toBe(201);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = page.getByRole("link", { name: /\/api\/activate\.php\?token=/ });
  await page.goto((await link.getAttribute("href")) ?? "");
  await expect(page).toHaveURL(/\/activate\/done$/);
  return { email, password };
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
