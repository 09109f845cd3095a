import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectNoSeriousViolations,
  signInToConsole,
  waitForHydration,
} from "./helpers";

test.describe("the console's home (issue 28 item 4)", () => {
  test("an admin reads a site's month in charts and, for each, its table", async ({
    browser,
    createStaff,
  }, testInfo) => {
    const admin = await createStaff({ role: "admin" });
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto("/staff/overview");
    await signInToConsole(page, admin);
    await expect(page).toHaveURL(/\/staff\/overview$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    await expect(page.getByRole("figure", { name: "Members" }).locator("canvas")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("overview-desktop-top.png") });

    // Every chart is drawn (uPlot's canvas) and has its numbers as a table, 30 UTC days a row.
    const charts = [
      "Members",
      "Messages sent",
      "Likes and matches",
      "First payments",
      "Open reports",
      "Inbox: time to first reply",
    ];
    for (const name of charts) {
      const figure = page.getByRole("figure", { name });
      await expect(figure.locator("canvas").first()).toBeVisible();
      await figure.getByText("Show as table").click();
      const table = figure.getByRole("table", { name });
      await expect(table.getByRole("row")).toHaveCount(31);
    }
    await expect(page.getByText("Free-to-paid conversion")).toBeVisible();
    await expect(page.getByText("Waiting now in the inbox (median wait)")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("overview-desktop.png"), fullPage: true });

    // Another site and a week: the tables follow, and a period the wrong way round is refused
    // under its field.
    await page.getByLabel("Site").selectOption({ label: "Herzklopfen" });
    await page.getByLabel("From").fill("2026-01-01");
    await page.getByLabel("To").fill("2026-01-07");
    await page.getByRole("button", { name: "Show" }).click();
    const members = page.getByRole("table", { name: "Members" });
    await expect(members.getByRole("row")).toHaveCount(8);
    expect(errors).toEqual([]);
    await page.getByLabel("To").fill("2025-12-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("The end date cannot be before the start date.")).toBeVisible();
    await expect(page.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
    await context.close();
  });
});
