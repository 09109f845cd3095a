import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectNoSeriousViolations,
  signIn,
  signInToConsole,
  waitForHydration,
} from "./helpers";

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
    await signInToConsole(console, agent);

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

    await expectNoSeriousViolations(console);
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
  test("a moderator works a report from a member's chat to a ban, and the banned member's open page goes to the ban page", async ({
    browser,
    page,
    createMember,
    createStaff,
  }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const alice = await createMember({ name: "Alice", premium: true, credits: 100 });
    const bob = await createMember({ name: "Bob", gender: "male", premium: true, credits: 100 });
    const moderator = await createStaff({ role: "moderator" });

    // Alice writes first; Bob answers with what romance scammers write.
    await signIn(page, alice);
    await page.goto(`/members/${bob.profile_id}/chat`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Write my own" }).click();
    await page.getByRole("textbox", { name: "Message to Bob" }).fill("Hello Bob");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("log").getByText("Hello Bob")).toBeVisible();
    const conversation = Number(page.url().match(/\/chats\/(\d+)$/)?.[1]);
    const bobContext = await browser.newContext({ baseURL });
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob);
    const sent = await bobPage.request.post("/api/message.php", {
      data: { conversation, text: "My card is blocked, could you send me 200 euros by gift card?" },
    });
    expect(sent.status()).toBe(200);
    await expect(page.getByRole("log").getByText("200 euros by gift card")).toBeVisible();
    // Bob's page stays open (no reload) while the moderator works.
    await bobPage.goto("/members");
    await waitForHydration(bobPage);

    await page.getByRole("button", { name: "Conversation options" }).click();
    await page.getByRole("button", { name: "Report", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Report Bob" });
    await dialog.getByRole("radio", { name: "Asking for money or a scam" }).check();
    await dialog
      .getByRole("textbox", { name: "Anything else we should know? (optional)" })
      .fill("He asked for money.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog).toBeHidden();

    const context = await browser.newContext({ baseURL });
    const console = await context.newPage();
    const errors = collectConsoleErrors(console);
    await console.goto("/staff");
    await expect(console).toHaveURL(/\/staff\/login\?next=%2Fstaff$/);
    await signInToConsole(console, moderator);
    // The reports queue is a moderator's first screen.
    await expect(console).toHaveURL(/\/staff\/reports$/);
    await expect(console.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await waitForHydration(console);
    // Other tests of the run report members named Bob too: this Bob's case links to his account.
    const item = console
      .getByRole("article", { name: "Reports against Bob" })
      .filter({ has: console.locator(`a[href="/staff/members/${bob.id}"]`) });
    await expect(item).toContainText("Asking for money or a scam");
    await expect(item).toContainText("He asked for money.");
    await expect(item).toContainText("200 euros by gift card");
    await expect(item).toContainText("Hello Bob");
    await item.getByRole("button", { name: "Claim the case" }).click();
    await expect(item).toContainText("You are working on this case");

    const resolve = item.getByRole("form", { name: "Resolve the case" });
    await resolve.getByLabel("Action").selectOption("ban");
    await resolve.getByLabel("Reason").fill("Asked a member for money by gift card");
    await resolve.getByRole("button", { name: "Ban the member…" }).click();
    const confirm = console.getByRole("dialog", { name: "Ban Bob?" });
    await confirm.getByRole("button", { name: "Ban for good" }).click();
    await expect(console.getByText("Bob has been banned, and the case is closed.")).toBeVisible();
    await expect(item).toBeHidden();

    // Bob's open page is logged out on the spot, onto the access-ban page in his language.
    // The ban's event reaches his stream, and the page then loads another: some slack for both.
    await expect(bobPage).toHaveURL(/\/en\/ban$/, { timeout: 15_000 });
    await expect(bobPage.getByRole("heading", { level: 1 })).toBeVisible();
    const again = await bobPage.request.post("/api/user.php", {
      data: { email: bob.email, password: bob.password },
    });
    expect(again.status()).toBe(403);
    expect((await again.json()).error).toBe("account_banned");

    await expectNoSeriousViolations(console);
    expect(errors).toEqual([]);
    await context.close();
    await bobContext.close();
  });
});
