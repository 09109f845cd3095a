import { landerKinds } from "../../src/server/content/pages";
import { expect, test } from "./fixtures";
import { signIn } from "./helpers";

test.describe("on a phone", () => {
  test("the member area fits the screen and the nav stays usable", async ({ page, member }) => {
    await signIn(page, member);
    await page.goto("/members");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Search members" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("every lander design and a legal page fit the screen, in German and Polish", async ({
    page,
  }) => {
    const kinds = ["tinderswipe", ...landerKinds];
    for (const path of [
      ...kinds.map((kind) => `/de/landers/${kind}`),
      "/pl/landers/maplanding/50plus",
      "/pl/terms",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("shows the activation reminder as a modal right after signup", async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ confirmed: false, profile_complete: false });
    await signIn(page, member);
    await page.goto("/members?signup_complete=1");
    const dialog = page.getByRole("dialog", { name: "Check your inbox" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(member.email);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
