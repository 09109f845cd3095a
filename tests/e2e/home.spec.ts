import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectNoSeriousViolations } from "./helpers";

test.describe("home", () => {
  test("renders in English with new members and hreflang alternates", async ({
    page,
    createMembers,
  }) => {
    const errors = collectConsoleErrors(page);
    // The home page shows the ten most recently active members: make sure there are ten.
    await createMembers({ count: 10, label: "home" });
    await page.goto("/");
    await expect(page).toHaveTitle("Amora – dating and chat for singles");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Meet someone who makes your heart beat faster",
      }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "New members" })).toBeVisible();
    await expect(page.locator("article.member-card")).toHaveCount(10);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(12);
    await expectNoSeriousViolations(page);
    expect(errors).toEqual([]);
  });

  test("renders in German at /de/", async ({ page }) => {
    await page.goto("/de/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Mitglieder entdecken" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/$/);
  });

  test("serves the German site by host, in its domain language", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/`);
    await expect(page).toHaveTitle("Herzklopfen – Singles treffen und chatten");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("shows a translated 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
