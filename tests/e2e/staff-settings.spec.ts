import { expect, test } from "./fixtures";
import { expectNoSeriousViolations, signIn, signInToConsole, waitForHydration } from "./helpers";

/*
 * Issue 28 item 2: an admin changes a site's message price in the console and a member's open
 * chat shows the new cost without a release. It changes Herzklopfen (127.0.0.1), which no other
 * chat test uses, and puts the price back.
 */
test.describe("site settings in the console (issue 28 item 2)", () => {
  test("an admin changes message_credits and the chat's cost line follows", async ({
    browser,
    createMember,
    createStaff,
  }, testInfo) => {
    const origin = String(testInfo.project.use.baseURL).replace("localhost", "127.0.0.1");
    const anna = await createMember({
      name: "Anna",
      site: "herzklopfen",
      premium: true,
      credits: 90,
    });
    const ben = await createMember({ name: "Ben", site: "herzklopfen", gender: "male" });
    const admin = await createStaff({ role: "admin" });

    const memberContext = await browser.newContext({ baseURL: origin, locale: "de-DE" });
    const page = await memberContext.newPage();
    await signIn(page, anna);
    await page.goto(`/members/${ben.profile_id}/chat`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Eigene Nachricht schreiben" }).click();
    const chat = page.getByRole("region", { name: /Ben/ });
    // Premium: no free conversation, so the footer names the price of a message.
    await expect(chat.getByText(/^Eine Nachricht kostet \d+ Credits?\.$/)).toBeVisible();

    const consoleContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const console = await consoleContext.newPage();
    await console.goto("/staff/settings");
    await signInToConsole(console, admin);
    await expect(console).toHaveURL(/\/staff\/settings$/);
    await waitForHydration(console);
    await console.getByLabel("Site", { exact: true }).selectOption("herzklopfen");
    const costs = console.getByRole("form", { name: "Credit costs" });
    const field = costs.getByLabel("Credits per message");
    await expect(field).not.toHaveValue("");
    const original = await field.inputValue();
    const changed = original === "13" ? "14" : "13";
    try {
      await field.fill(changed);
      await costs.getByRole("button", { name: "Save" }).click();
      await expect(console.getByText(/Credit costs saved/)).toBeVisible();
      await expectNoSeriousViolations(console);

      // A new look at the chat (a reload) shows the new price; no restart, no release.
      await page.reload();
      await waitForHydration(page);
      await page.getByRole("button", { name: "Eigene Nachricht schreiben" }).click();
      await expect(
        page
          .getByRole("region", { name: /Ben/ })
          .getByText(`Eine Nachricht kostet ${changed} Credits.`),
      ).toBeVisible();
      const settings = await page.request.get("/api/settings.php");
      expect((await settings.json()).message_credits).toBe(Number(changed));
    } finally {
      await field.fill(original);
      await costs.getByRole("button", { name: "Save" }).click();
      await expect(console.getByText(/Credit costs saved/)).toBeVisible();
      await memberContext.close();
      await consoleContext.close();
    }
  });
});
