import type { Browser, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectNoSeriousViolations,
  signInToConsole,
  waitForHydration,
} from "./helpers";

/** The German terms as a visitor opens them: in a context of their own, so nothing is cached. */
async function visitorReads(browser: Browser, testInfo: TestInfo): Promise<string> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await context.newPage();
  const response = await visitor.goto("/de/terms");
  expect(response?.status()).toBe(200);
  const text = (await visitor.getByRole("main").textContent()) ?? "";
  await context.close();
  return text;
}

test.describe("legal texts for content editors (issue 28 item 5)", () => {
  test("an editor changes the German terms: live at once, the default again after a revert", async ({
    browser,
    page,
    createStaff,
  }, testInfo) => {
    const editor = await createStaff({ role: "editor" });
    const sentence = `Diese Fassung hat die Redaktion am ${Date.now()} geändert.`;
    expect(await visitorReads(browser, testInfo)).not.toContain(sentence);

    const errors = collectConsoleErrors(page);
    await page.goto("/staff/legal");
    await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Flegal$/);
    await signInToConsole(page, editor);
    await expect(page).toHaveURL(/\/staff\/legal$/);
    await waitForHydration(page);

    await page.getByLabel("Language").selectOption("de");
    await page.getByLabel("Text", { exact: true }).selectOption("terms");
    const markdown = page.getByLabel("Text in Markdown");
    await expect(markdown).toHaveValue(/^---\n/);
    await expect(page.getByText("The page shows the default text.")).toBeVisible();
    const original = await markdown.inputValue();
    await markdown.fill(`${original.trimEnd()}\n\n${sentence}\n`);

    // A link the texts may not hold is refused in the editor's language, the text kept.
    await markdown.fill(`${original.trimEnd()}\n\n[Mehr](https://example.com)\n`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/“https:\/\/example\.com” is not allowed/)).toBeVisible();
    await expect(markdown).toHaveValue(/\[Mehr\]\(https:\/\/example\.com\)/);

    await markdown.fill(`${original.trimEnd()}\n\n${sentence}\n`);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview of the page" })).toContainText(sentence);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. The page shows the new text now.")).toBeVisible();
    expect(await visitorReads(browser, testInfo)).toContain(sentence);
    await expectNoSeriousViolations(page);

    const revert = page.getByRole("button", { name: "Revert to default" });
    await revert.click();
    const dialog = page.getByRole("dialog", { name: "Revert to the default text?" });
    await dialog.getByRole("button", { name: "Revert to default" }).click();
    await expect(dialog).toBeHidden();
    // The button is gone with the edited version: focus goes to the outcome, which is heard.
    const outcome = page.getByRole("status").filter({ hasText: "Reverted." });
    await expect(outcome).toHaveText("Reverted. The page shows the default text again.");
    await expect(outcome).toBeFocused();
    await expect(revert).toBeHidden();
    expect(await visitorReads(browser, testInfo)).not.toContain(sentence);
    // The one error the browser logs is the refused save's answer (422).
    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
  });
});
