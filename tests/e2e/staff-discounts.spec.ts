import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectNoSeriousViolations,
  signIn,
  signInToConsole,
  waitForHydration,
} from "./helpers";

test.describe("discount codes in the console (issue 28 item 3)", () => {
  test("an admin makes a code for Dutch members and a member pays with it", async ({
    browser,
    page,
    createMember,
    createStaff,
  }, testInfo) => {
    const admin = await createStaff({ role: "admin" });
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;

    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const console = await context.newPage();
    const errors = collectConsoleErrors(console);
    await console.goto("/staff/discounts");
    await signInToConsole(console, admin);
    await expect(console).toHaveURL(/\/staff\/discounts$/);
    await waitForHydration(console);

    const form = console.getByRole("form", { name: "New discount code" });
    await form.getByLabel("Code", { exact: true }).fill(code);
    await form.getByLabel("Discount (%)").fill("95");
    await form.getByRole("button", { name: "Create the code" }).click();
    // Refused in place, under its field, with what was typed kept.
    await expect(form.getByText("Enter 90 or less")).toBeVisible();
    await expect(form.getByLabel("Code", { exact: true })).toHaveValue(code);
    await form.getByLabel("Discount (%)").fill("30");
    await form.getByLabel("Country").selectOption("nl");
    await form.getByRole("button", { name: "Create the code" }).click();
    await expect(console.getByText(`Code ${code} has been created.`)).toBeVisible();
    await expect(console.getByRole("rowheader", { name: code })).toBeVisible();
    await expectNoSeriousViolations(console);
    await console.screenshot({
      path: testInfo.outputPath("discount-codes-desktop.png"),
      fullPage: true,
    });

    const member = await createMember({ country: "nl" });
    await signIn(page, member);
    await page.goto("/credits/2");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Remove the code" }).click();
    await page.getByLabel("Discount code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    // €19.99 less 30 %, one amount on the pay button.
    await expect(page.getByRole("button", { name: "Pay €13.99" })).toBeVisible();

    await console.reload();
    await waitForHydration(console);
    await expect(console.getByRole("rowheader", { name: code })).toBeVisible();
    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    await context.close();
  });
});
