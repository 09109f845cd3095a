import { MAIL_WEBHOOK_SECRET } from "../e2e-server";
import { expect, test } from "./fixtures";
import { expectAccessible, openMailLink, signIn, waitForHydration } from "./helpers";

test.describe("settings", () => {
  test("saves notification choices and invisible mode, and changes the password", async ({
    page,
    member,
  }) => {
    const { email, password } = member;
    await signIn(page, member);
    await page.goto("/notifications");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByText(`We can send e-mails to ${email}.`)).toBeVisible();

    await page.getByLabel("Offers and promotions").uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your settings have been saved." }),
    ).toBeVisible();
    // The box saves itself as it is ticked: the reload waits for that save, not just the tick.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/notifications.php") && response.request().method() === "PUT",
    );
    await page.getByLabel("Invisible mode").check();
    await expect(page.getByLabel("Invisible mode")).toBeChecked();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Offers and promotions")).not.toBeChecked();
    await expect(page.getByLabel("New messages")).toBeChecked();
    await expect(page.getByLabel("Invisible mode")).toBeChecked();
    await expectAccessible(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByLabel("Current password").fill("not it");
    await page.getByLabel("New password", { exact: true }).fill("another long passphrase");
    await page.getByLabel("Repeat the new password").fill("another long passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
      "The current password is not correct",
    );
    await page.getByLabel("Current password").fill(password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();
    const login = await page.request.post("/api/user.php", {
      data: { email, password: "another long passphrase" },
    });
    expect(login.status()).toBe(200);
  });

  test("changes the e-mail address through the link sent to the new one", async ({
    page,
    member,
  }) => {
    await signIn(page, member);
    const newEmail = `changed-${crypto.randomUUID()}@test.example`;
    await page.goto("/notifications");
    await waitForHydration(page);
    await page.getByLabel("New e-mail address").fill(newEmail);
    await page.getByRole("button", { name: "Change e-mail address" }).click();
    await expect(page.getByText(`We have sent a link to ${newEmail}.`)).toBeVisible();

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(newEmail)}`);
    await openMailLink(page, /\/mail-change\/do\?token=/);
    await expect(page.getByRole("status")).toHaveText(
      `Done! Your e-mail address is now ${newEmail}.`,
    );
    await page.getByRole("link", { name: "Back to settings" }).click();
    await expect(page.getByText(`Your address is ${newEmail}.`)).toBeVisible();
  });

  test("deletes the account after the retention offer, then reactivates it at login", async ({
    page,
    member,
  }) => {
    const { email, password } = member;
    await signIn(page, member);
    await page.goto("/notifications");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText(/get 50% off your next credit package/)).toBeVisible();
    await page.getByRole("button", { name: "Keep my account" }).click();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByLabel("Your password, to confirm").fill(password);
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Your account will be deleted" })).toBeVisible();

    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Your account is pending deletion. You can still reactivate it.",
    );
    await page.getByRole("button", { name: "Reactivate my account" }).click();
    await expect(page).toHaveURL(/\/members$/);
    const me = await page.request.get("/api/user.php");
    expect(me.status()).toBe(200);
  });

  test("keeping the account takes the retention offer: a code of the member's own, applied at checkout (issue 29 item 6)", async ({
    page,
    createMember,
  }) => {
    // A member long past their welcome offers, paying in euros.
    const me = await createMember({ country: "nl", premium: true });
    await signIn(page, me);
    await page.goto("/notifications");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText(/get 50% off your next credit package/)).toBeFocused();
    await page.getByRole("button", { name: "Keep my account" }).click();
    const kept = page.getByRole("status").filter({ hasText: /^Glad you're staying!/ });
    await expect(kept).toBeFocused();
    await expect(kept).toContainText(
      /Your code STAY[A-Z2-9]{8} takes 50 % off your next credit package\. It is valid for 30 days/,
    );
    const code = (await kept.textContent())?.match(/STAY[A-Z2-9]{8}/)?.[0] ?? "";
    await expectAccessible(page);

    await kept.getByRole("link", { name: "Buy credits" }).click();
    await expect(
      page.getByText("Your 50 % discount is already taken off these prices."),
    ).toBeVisible();
    await page.getByRole("link", { name: /^Choose .* for €10\.00$/ }).click();
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: `${code}: 50 % off` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay €10.00" })).toBeVisible();

    // Once more on another visit: the same code, not a second one.
    await page.goto("/notifications");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("button", { name: "Keep my account" }).click();
    await expect(page.getByRole("status").filter({ hasText: code })).toBeVisible();
  });

  test("a bounce reported by the mail provider shows why e-mail stopped, with the way back (issue 29 item 14)", async ({
    page,
    playwright,
    member,
  }) => {
    // The provider calls the webhook from outside: no cookie, HTTP Basic with the password.
    const provider = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    const report = (password: string) =>
      provider.post("/api/mail-events.php", {
        headers: { authorization: `Basic ${btoa(`mail:${password}`)}` },
        data: { RecordType: "Bounce", Type: "HardBounce", Email: member.email },
      });
    expect((await report("a guess")).status()).toBe(401);
    const reported = await report(MAIL_WEBHOOK_SECRET);
    expect(await reported.json()).toEqual({ ok: true, disabled: 1 });
    await provider.dispose();

    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    const alert = page.getByRole("complementary", { name: "E-mails are switched off" });
    await expect(alert).toContainText(
      `We stopped sending you e-mails because they could not be delivered to ${member.email}.`,
    );
    // In the page's flow, above the content: it covers nothing.
    expect(await alert.evaluate((element) => getComputedStyle(element).position)).toBe("static");
    await expect(alert.getByRole("link", { name: "E-mail settings" })).toHaveAttribute(
      "href",
      "/notifications",
    );
    await expectAccessible(page);
    await alert.getByRole("button", { name: "Send me e-mails again" }).click();
    await expect(alert.getByRole("status")).toHaveText("E-mails are switched on again.");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test("the e-mail alert, dismissed, stays away; in German it says why in German", async ({
    page,
    playwright,
    createMember,
  }) => {
    const member = await createMember({ language: "de" });
    const provider = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await provider.post("/api/mail-events.php", {
      headers: { authorization: `Basic ${btoa(`mail:${MAIL_WEBHOOK_SECRET}`)}` },
      data: { events: [{ type: "complaint", email: member.email }] },
    });
    await provider.dispose();
    await signIn(page, member);
    await page.goto("/de/members");
    await waitForHydration(page);
    const alert = page.getByRole("complementary", { name: "E-Mails sind ausgeschaltet" });
    await expect(alert).toContainText("weil eine davon als Spam markiert wurde");
    await alert.getByRole("button", { name: "Ausblenden" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator("main#main")).toBeFocused();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
    // The settings still say why, with the way back.
    await page.goto("/de/notifications");
    await expect(page.getByText("weil eine davon als Spam markiert wurde")).toBeVisible();
  });

  test("asks visitors to log in first", async ({ page }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?next=%2Fnotifications$/);
  });
});
