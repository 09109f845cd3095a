import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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
