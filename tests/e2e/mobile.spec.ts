import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test.describe("on a phone", () => {
  test("the member area fits the screen and the nav stays usable", async ({ page }) => {
    await signIn(page);
    await page.goto("/members");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Search members" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
