import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectAccessible, signIn, waitForHydration } from "./helpers";

/** What the staff member's authenticator app shows now (RFC 6238: 30 s, 6 digits). */
function totpNow(secret: string): string {
  return generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
}

/** The member's credit balance in their nav (the badge the `credits` event updates). */
function creditsBadge(page: Page) {
  return page
    .getByRole("navigation")
    .getByRole("link", { name: /credits?\b/i })
    .first();
}

test.describe("the operator console (issue 27)", () => {
  test("a support agent corrects a balance and the member's open page shows it live", async ({
    browser,
    page,
    createMember,
    createStaff,
  }, testInfo) => {
    const member = await createMember({
      label: "support-target",
      name: "Ilse",
      premium: true,
      credits: 20,
    });
    const agent = await createStaff({ role: "support" });

    // The member's page stays open (no reload) while the agent works.
    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    await expect(creditsBadge(page)).toContainText("20");

    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const console = await context.newPage();
    const errors = collectConsoleErrors(console);
    await console.goto("/staff/members");
    await expect(console).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Fmembers$/);
    await waitForHydration(console);
    await console.getByLabel("E-mail address").fill(agent.email);
    await console.getByLabel("Password").fill(agent.password);
    const code = console.getByLabel("Code from your authenticator app");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await code.fill(totpNow(agent.totp_secret));
    await console.getByRole("button", { name: "Sign in" }).click();

    await expect(console).toHaveURL(/\/staff\/members$/);
    await expect(console.getByRole("banner")).toContainText(agent.email);
    await expect(console.getByRole("banner")).toContainText("Support");
    await waitForHydration(console);
    await console.getByLabel("Find a member").fill(member.email);
    await console.getByRole("button", { name: "Search" }).click();
    await expect(console.getByText("1 member found")).toBeVisible();
    await console.getByRole("link", { name: "Ilse" }).click();

    await expect(console.getByRole("heading", { level: 1, name: /Ilse/ })).toBeVisible();
    await waitForHydration(console);
    const correction = console.getByRole("form", { name: "Correct the credit balance" });
    await correction.getByLabel("Credits to add or take away").fill("+10");
    await correction.getByLabel("Reason").fill("Goodwill: the chat failed twice");
    await correction.getByRole("button", { name: "Correct the balance" }).click();
    await expect(correction.getByRole("status")).toHaveText("Done. The new balance is 30.");
    await expect(console.getByTestId("member-credits")).toHaveText("30");

    // The member sees it without reloading: the credits event reached their open page.
    await expect(creditsBadge(page)).toContainText("30");

    await expectAccessible(console);
    const dir = process.env.CONSOLE_SCREENSHOTS;
    if (dir) {
      for (const width of [1280, 820]) {
        await console.setViewportSize({ width, height: 1000 });
        await console.screenshot({ path: `${dir}/member-screen-${width}.png`, fullPage: true });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
