import { expect, test } from "./fixtures";
import { collectConsoleErrors, signIn, waitForHydration } from "./helpers";

test.describe("entry warning and cookie notice (spec §2)", () => {
  // A first visit: nothing answered yet.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the entry warning shows once to a visitor and stays dismissed", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/en/terms");
    const warning = page.getByRole("dialog", { name: "Adults only" });
    await expect(warning).toBeVisible();
    const enter = warning.getByRole("button", { name: "I am 18 or older – enter" });
    await expect(enter).toBeFocused();
    // A gate: Escape does not pass it.
    await page.keyboard.press("Escape");
    await expect(warning).toBeVisible();
    await enter.click();
    await expect(warning).toBeHidden();
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adults only" })).toBeHidden();
    await page.goto("/landers/video");
    await expect(page.getByRole("dialog", { name: "Adults only" })).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("is not shown while resetting a password, nor to members", async ({ page, member }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adults only" })).toHaveCount(0);
    await signIn(page, member);
    await page.goto("/en/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adults only" })).toBeHidden();
  });

  test("is not shown in the installed app", async ({ page }) => {
    // Installed from the manifest, the page runs in display-mode: standalone.
    await page.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...matchMedia("all"), matches: true, media: query } as MediaQueryList)
          : matchMedia(query);
    });
    await page.goto("/en/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adults only" })).toBeHidden();
    // The app's footer is compact: no disclaimer or company block.
    await expect(page.locator(".site-footer .disclaimer")).toBeHidden();
  });

  test("the cookie notice records the answer and does not ask again", async ({ page, context }) => {
    await page.goto("/de/landers/video?network=adnet&ref=r1");
    await page.getByRole("dialog").getByRole("button").first().click();
    const notice = page.getByRole("region", { name: "Cookies auf dieser Website" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Nur notwendige" }).click();
    await expect(notice).toBeHidden();
    await expect
      .poll(
        async () =>
          (await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value,
      )
      .toBe("necessary");
    expect((await context.cookies()).some((cookie) => cookie.name === "tracking")).toBe(false);
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookies auf dieser Website" })).toBeHidden();
  });
});

test.describe("footer variants (spec §2)", () => {
  test("a visitor's footer offers signup; a member's offers settings, on static and member pages alike", async ({
    page,
    member,
  }) => {
    await page.goto("/en/service");
    const footer = page.getByRole("contentinfo");
    const legal = footer.getByRole("navigation", { name: "Legal" });
    for (const name of [
      "Terms of use",
      "Privacy",
      "Cookies",
      "Access ban",
      "Pricing",
      "Complaints",
      "Returns and refunds",
      "FAQ",
      "Support",
    ]) {
      await expect(legal.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(legal.getByRole("link", { name: "US privacy notice" })).toBeVisible();
    await expect(legal.getByRole("link", { name: "Sign up" })).toBeVisible();
    await expect(legal.getByRole("link", { name: "Settings" })).toBeHidden();

    await signIn(page, member);
    for (const path of ["/en/service", "/members"]) {
      await page.goto(path);
      const memberLegal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
      await expect(memberLegal.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(memberLegal.getByRole("link", { name: "Sign up" })).toBeHidden();
    }
    await page.goto("/en/service");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Search members" }),
    ).toBeVisible();
  });

  test("the German footer links the German texts and has no US links", async ({ page }) => {
    await page.goto("/de/faq");
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Rechtliches" });
    await expect(legal.getByRole("link", { name: "AGB" })).toHaveAttribute("href", "/de/terms");
    await expect(legal.getByRole("link", { name: "US privacy notice" })).toHaveCount(0);
    await legal.getByRole("link", { name: "AGB" }).click();
    await expect(page).toHaveURL(/\/de\/terms$/);
    await expect(page.getByText("Amora Media B.V.").first()).toBeVisible();
  });
});

test.describe("complaints (spec §2)", () => {
  test("a complaint is sent, keeps the typed text on an error, and reaches support", async ({
    page,
  }) => {
    await page.goto("/complaints");
    await expect(page.getByRole("heading", { level: 1, name: "Complaints" })).toBeVisible();
    const form = page.getByRole("form", { name: "Send a complaint" });
    // The island's answer here; the page's own (a tap before hydration) is the next test's.
    await form.scrollIntoViewIfNeeded();
    await waitForHydration(page);
    await form.getByLabel("Your name").fill("Maria Jansen");
    await form.getByLabel("Your e-mail address").fill("maria@test.example");
    await form.getByLabel("What is it about?").selectOption({ label: "A payment" });
    await form.getByLabel("Your complaint").fill("Too short");
    await form.getByRole("button", { name: "Send complaint" }).click();
    await expect(form.getByText("Enter at least 20 characters")).toBeVisible();
    await expect(form.getByLabel("Your complaint")).toHaveValue("Too short");
    await form
      .getByLabel("Your complaint")
      .fill("I was charged twice for one credit package on Monday.");
    await form.getByRole("button", { name: "Send complaint" }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText(/reference number \d+/);
    const reference = (await status.textContent())?.match(/reference number (\d+)/)?.[1];
    await page.goto("/dev/mailbox?to=support%40amora.example");
    await expect(
      page.getByRole("heading", { name: `Complaint #${reference} on Amora: A payment` }),
    ).toBeVisible();
  });

  test("before its island hydrates, the form posts to the page: in German, nothing lost, nothing in the address", async ({
    browser,
  }) => {
    // No JavaScript at all: what a tap on a slow phone gets before the island has hydrated.
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/de/complaints");
    const form = page.getByRole("form", { name: "Beschwerde einreichen" });
    await form.getByLabel("Dein Name").fill("Jonas Weber");
    await form.getByLabel("Deine E-Mail-Adresse").fill("jonas@test.example");
    await form.getByLabel("Worum geht es?").selectOption({ label: "Eine Zahlung" });
    await form.getByLabel("Deine Beschwerde").fill("Zu kurz");
    await form.getByRole("button", { name: "Beschwerde senden" }).click();
    await expect(form.getByText("Gib mindestens 20 Zeichen ein")).toBeVisible();
    await expect(form.getByLabel("Deine Beschwerde")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Deine Beschwerde")).toHaveValue("Zu kurz");
    await expect(form.getByLabel("Dein Name")).toHaveValue("Jonas Weber");
    await expect(form.getByLabel("Worum geht es?")).toHaveValue("payment");
    expect(new URL(page.url()).search).toBe("");
    const text = "Mein Paket wurde am Montag\nzweimal abgebucht – bitte prüfen. 💳";
    await form.getByLabel("Deine Beschwerde").fill(text);
    await form.getByRole("button", { name: "Beschwerde senden" }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText(/Vorgangsnummer \d+/);
    expect(new URL(page.url()).search).toBe("");
    const reference = (await status.textContent())?.match(/Vorgangsnummer (\d+)/)?.[1];
    await page.goto("/dev/mailbox?to=support%40amora.example");
    const mail = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: `Complaint #${reference} on Amora` }) });
    await expect(mail.getByText("Jonas Weber")).toBeVisible();
    // The line break as typed, one, not the CRLF the browser posted.
    expect(await mail.locator("pre").textContent()).toContain(
      "Mein Paket wurde am Montag\nzweimal abgebucht – bitte prüfen. 💳",
    );
    await context.close();
  });
});
