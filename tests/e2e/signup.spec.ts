import { expect, test } from "./fixtures";
import {
  chooseDateOfBirth,
  collectConsoleErrors,
  openMailLink,
  signIn,
  waitForHydration,
} from "./helpers";

test.describe("signing up", () => {
  test("sign up, receive the activation e-mail, activate, log in", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const email = `e2e-${Date.now()}@test.example`;
    const password = "a long and unusual passphrase";
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Username").fill("Robin");
    await page.getByLabel("Password").fill(password);
    await chooseDateOfBirth(page, { day: "14", month: "March", year: "1992" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(
      page.getByRole("heading", { name: "Confirm your e-mail address for Amora" }),
    ).toBeVisible();
    await openMailLink(page, /\/api\/activate\.php\?token=/);
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your account is active" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete my profile" })).toBeVisible();

    // Leave the page before logging out behind its back: its islands, still hydrating, would
    // open the member's event stream after the logout, and be refused (403).
    await page.goto("about:blank");
    await page.request.post("/api/logout.php");
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/members$/);
    expect(errors).toEqual([]);
  });

  test("a tap on Create account before the form hydrates is answered by it, the password kept out of the address", async ({
    page,
  }) => {
    // The form's code held back, as on a slow phone: the page shows, the island has not hydrated.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/SignupForm[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const signups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/signup.php")) signups.push(request.method());
    });
    await page.goto("/signup", { waitUntil: "domcontentloaded" });
    const email = `early-${Date.now()}@test.example`;
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Username").fill("Kim");
    await page.getByLabel("Password").fill("a long and unusual passphrase");
    await chooseDateOfBirth(page, { day: "3", month: "May", year: "1990" });
    await page.getByRole("button", { name: "Create account" }).click();
    // Without the hold the browser would have sent the form as a GET: the page reloaded, its
    // fields empty, the password in the address.
    await expect(page.locator("astro-island[ssr] form")).toHaveCount(1);
    expect(page.url()).not.toContain("passphrase");
    await expect(page.getByLabel("Password")).toHaveValue("a long and unusual passphrase");
    release();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    // Sent once, with the date of birth chosen before hydration (else the answer is a 422).
    expect(signups).toEqual(["POST"]);
  });

  test("without JavaScript, forms with a password or an address keep it out of the URL", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByLabel("Password").fill("a long and unusual passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your free account" }),
    ).toBeVisible();
    expect(page.url()).not.toContain("passphrase");
    await page.goto("/reset-password");
    await page.getByLabel("E-mail address").fill("private@test.example");
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Reset your password" }),
    ).toBeVisible();
    expect(page.url()).not.toContain("private");
    await context.close();
  });

  test("keeps what was typed and names the problem when too young", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page);
    // British English writes day, month, year (issue 29 item 19).
    const parts = page.getByRole("group", { name: "Date of birth" }).getByRole("combobox");
    await expect(parts).toHaveCount(3);
    for (const [index, name] of ["Day", "Month", "Year"].entries()) {
      await expect(parts.nth(index)).toHaveAccessibleName(name);
    }
    await page.getByLabel("E-mail address").fill(`young-${Date.now()}@test.example`);
    await page.getByLabel("Username").fill("Sam");
    await page.getByLabel("Password").fill("a long and unusual passphrase");
    // Only years up to the latest allowed one are offered; the server decides on the days of
    // that year: the day after the 18th birthday of someone born on it is one day too late.
    const today = new Date();
    const tooLate = new Date(
      Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 1),
    );
    test.skip(
      tooLate.getUTCFullYear() > today.getUTCFullYear() - 18,
      "on 31 December every day of the latest offered year is old enough",
    );
    const dateOfBirth = await chooseDateOfBirth(page, {
      day: String(tooLate.getUTCDate()),
      month: new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(tooLate),
      year: String(tooLate.getUTCFullYear()),
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(dateOfBirth).toHaveAccessibleDescription("You must be 18+ to sign up");
    // The first of its three parts, in the page's order (day, month, year in British English).
    await expect(dateOfBirth.getByLabel("Day")).toBeFocused();
    await expect(page.getByLabel("Username")).toHaveValue("Sam");
  });

  test("shows the invite-only message where signups need a traffic source", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/signup`);
    await expect(
      page.getByRole("heading", { name: "Registrierung nur mit Einladung" }),
    ).toBeVisible();
  });

  test("reminds an unconfirmed member to confirm, and resends the link (spec §4)", async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ confirmed: false, profile_complete: false });
    await signIn(page, member);
    await page.goto("/members");
    await waitForHydration(page);
    const reminder = page.getByRole("region", { name: "Check your inbox" });
    await expect(reminder).toContainText(`we sent you a link at ${member.email}`);
    await reminder.getByRole("button", { name: "Send the link again" }).click();
    await expect(reminder.getByRole("status")).toHaveText("We have sent the e-mail again.");
  });

  test("tells an unconfirmed member why a like waits, with the link again (issue 25)", async ({
    page,
    createMember,
  }) => {
    // Confirmed address aside, a member as after the profile wizard: they browse and like.
    const member = await createMember({ confirmed: false });
    const other = await createMember({ label: "liked", photos: 1 });
    await signIn(page, member);
    await page.goto(`/members/${other.profile_id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Like", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your e-mail address first" });
    await expect(dialog).toContainText("Until then you can't like members");
    await dialog.getByRole("button", { name: "Send the link again" }).click();
    await expect(dialog.getByRole("status")).toHaveText("We have sent the e-mail again.");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("signs up in the modal from the home page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // The modal mounts when the browser is idle; the link works as a plain link before that.
    await page.waitForFunction(() =>
      [...document.querySelectorAll("astro-island")].every((island) => !island.hasAttribute("ssr")),
    );
    await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
    const dialog = page.getByRole("dialog", { name: "Create your free account" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
    const email = `modal-${Date.now()}@test.example`;
    await dialog.getByLabel("E-mail address").fill(email);
    await dialog.getByLabel("Username").fill("Luca");
    await dialog.getByLabel("Password").fill("a long and unusual passphrase");
    await chooseDateOfBirth(dialog, { day: "9", month: "September", year: "1988" });
    await dialog.getByRole("button", { name: "Create account" }).click();
    await expect(dialog.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
