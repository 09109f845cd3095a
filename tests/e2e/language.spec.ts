import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";

test.describe("switching language", () => {
  test("changes a public page to the chosen language and remembers it", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
    await expect(page).toHaveURL(/\/sv\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    const cookie = (await context.cookies()).find((entry) => entry.name === "locale");
    expect(cookie?.value).toBe("sv");
    // A year, give or take the seconds the test took (spec §9: 365 days).
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto("/members");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  });

  test("stores a logged-in member's language on their account", async ({ page, member }) => {
    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Language" }).selectOption("it");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Members");
    const me = await (await page.request.get("/api/user.php")).json();
    expect(me.user.language).toBe("it");
  });
});
