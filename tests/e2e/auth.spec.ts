import { expect, test } from "./fixtures";
import { collectConsoleErrors, DEMO, signIn, waitForHydration } from "./helpers";

/**
 * Wrong passwords are counted in fixed 15-minute windows that start on the quarter hour
 * (loginFailures in src/server/lib/rate-limit.ts): attempts on both sides of a window's end do
 * not add up. Waits out the current window when it has less than `needed` milliseconds left.
 */
async function waitForLoginWindow(needed: number) {
  const windowMs = 15 * 60 * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

test.describe("logging in and out", () => {
  // The README promises these logins; the one test that uses them, and only with the right password.
  test("logs in with the demo account and lands in the member area", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/members$/);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Search members" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Get Premium" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "My account" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("keeps the typed address and says so when the password is wrong", async ({
    page,
    member,
  }) => {
    await page.goto("/login");
    // The island's answer, not the form's plain post (which a click before hydration makes).
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Login failed, please try again");
    await expect(page.getByLabel("E-mail address")).toHaveValue(member.email);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("marks a malformed address inline, in the visitor's language", async ({ page, context }) => {
    const url = test.info().project.use.baseURL ?? "";
    await context.addCookies([{ name: "locale", value: "nl", url }]);
    await page.goto("/login");
    await waitForHydration(page);
    const email = page.getByLabel("E-mailadres");
    await email.fill("not-an-address");
    await page.getByLabel("Wachtwoord", { exact: true }).fill("something");
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Ongeldig e-mailadres");
    await expect(email).toHaveValue("not-an-address");
  });

  test("blocks the account after repeated wrong passwords (spec §8)", async ({ page, member }) => {
    test.setTimeout(120_000);
    await waitForLoginWindow(60_000);
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(member.email);
    const password = page.getByLabel("Password", { exact: true });
    const submit = page.getByRole("button", { name: "Log in" });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await password.fill(`wrong ${attempt}`);
      await submit.click();
      await expect(page.getByRole("alert")).toHaveText("Login failed, please try again");
    }
    await password.fill("wrong 5");
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many incorrect attempts, account blocked for \d+ min$/,
    );
    // Blocked means blocked: now the right password is refused too.
    await password.fill(member.password);
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many incorrect attempts, account blocked for \d+ min$/,
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows a premium member their credits instead of Get Premium", async ({
    page,
    premiumMember,
  }) => {
    await signIn(page, premiumMember);
    await page.goto("/members");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: /Credits/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Get Premium" })).toHaveCount(0);
  });

  test("logs out from the account menu", async ({ page, member }) => {
    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("button", { name: "My account" }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
    const me = await page.request.get("/api/user.php");
    expect(me.status()).toBe(403);
  });

  test("works before JavaScript has loaded, without putting the password in the URL", async ({
    browser,
    member,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Login failed, please try again");
    await expect(page.getByLabel("E-mail address")).toHaveValue(member.email);
    expect(page.url()).not.toContain("password");
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await context.close();
  });
});
