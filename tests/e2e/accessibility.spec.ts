import AxeBuilder from "@axe-core/playwright";
import { devices } from "@playwright/test";
import { makePhoneJpeg } from "../../src/test/images";
import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";

test.describe("keyboard focus after an action (WCAG 2.4.3)", () => {
  test("stays on the like button, whose label and a status message give the new state", async ({
    page,
    member,
    createMember,
  }) => {
    const other = await createMember({ name: "Lou" });
    await signIn(page, member);
    await page.goto(`/members/${other.profile_id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Like", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: /^You liked / })).toBeVisible();
    const unlike = page.getByRole("button", { name: "Unlike" });
    await expect(unlike).toBeFocused();
    await expect(unlike).not.toHaveAttribute("aria-disabled", "true");

    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: "You took back your like." }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Like", exact: true })).toBeFocused();
  });

  test("stays on the upload control after a photo upload, which a status message confirms", async ({
    page,
    newMember,
  }) => {
    await signIn(page, newMember);
    // The first four wizard steps through the API, so the wizard can open at its photos step.
    for (const body of [
      { step: 0, gender: "female", seeking: "male", country: "de", region: "DE-BY" },
      { step: 1 },
      { step: 2 },
      { step: 3 },
    ]) {
      expect((await page.request.put("/api/profile.php", { data: body })).status()).toBe(200);
    }
    await page.goto("/profile?step=4");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Photos" })).toBeVisible();
    const upload = page.getByLabel("Add a photo");
    await upload.focus();
    await upload.setInputFiles({
      name: "from-my-phone.jpg",
      mimeType: "image/jpeg",
      buffer: await makePhoneJpeg(800, 600),
    });
    await expect(
      page.getByRole("status").filter({ hasText: "Your photo was added." }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: "Your photo 1" })).toBeVisible();
    await expect(page.getByLabel("Add a photo")).toBeFocused();
  });
});

test.describe("the current navigation item", () => {
  test("has enough contrast (WCAG 1.4.3)", async ({ page, member }) => {
    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Search members" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const results = await new AxeBuilder({ page })
      .include('.topnav .nav-link[aria-current="page"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((n) => n.target))).toEqual(
      [],
    );
    // The rule did measure the current item's label (a check with nothing to check proves nothing).
    expect(results.passes.flatMap((pass) => pass.nodes)).not.toHaveLength(0);
  });
});

const { defaultBrowserType: _, ...pixel7 } = devices["Pixel 7"];

test.describe("notices on a phone: one at a time", () => {
  test.use({ ...pixel7, storageState: { cookies: [], origins: [] } });

  test("the cookie notice waits for the entry warning, then each hands focus on", async ({
    page,
  }) => {
    await page.goto("/en/terms");
    const warning = page.getByRole("dialog", { name: "Adults only" });
    const cookies = page.getByRole("region", { name: "Cookies on this site" });
    await expect(warning).toBeVisible();
    await expect(cookies).toBeHidden();

    await warning.getByRole("button", { name: "I am 18 or older – enter" }).press("Enter");
    await expect(warning).toBeHidden();
    await expect(cookies).toBeVisible();
    await expect(cookies).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(cookies.getByRole("link", { name: "Cookie policy" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(cookies.getByRole("button", { name: "Accept all" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cookies).toBeHidden();
    // Not the page body: the main content, where reading and tabbing go on.
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("without an entry warning the cookie notice shows at once and gives focus back", async ({
    page,
  }) => {
    await page.context().addInitScript(() => {
      localStorage.setItem("entry-warning-dismissed-at", "2026-01-01T00:00:00.000Z");
    });
    await page.goto("/en/faq");
    const cookies = page.getByRole("region", { name: "Cookies on this site" });
    await expect(cookies).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adults only" })).toBeHidden();
    // Shown on arrival it does not take focus; from where a visitor went into it, focus
    // returns there once it is answered.
    await expect(cookies).not.toBeFocused();
    const heading = page.getByRole("heading", { level: 1 });
    await heading.evaluate((element) => {
      element.setAttribute("tabindex", "-1");
      (element as HTMLElement).focus();
    });
    await cookies.getByRole("button", { name: "Only necessary" }).focus();
    await page.keyboard.press("Enter");
    await expect(cookies).toBeHidden();
    await expect(heading).toBeFocused();
  });
});
