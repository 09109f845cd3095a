import { expect, test } from "./fixtures";
import {
  chooseDateOfBirth,
  collectConsoleErrors,
  expectNoSeriousViolations,
  openMailLink,
  waitForHydration,
} from "./helpers";

test.describe("landers (spec §2)", () => {
  test("a lander leads into signup, and the new account keeps the ad's tracking", async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(
      "/landers/gallery/women?network=adnet&ref=spring&sub1=banner-a&sub2=feed&sub3=7",
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Women near you are looking for a date" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "Join free now" }).first().click();
    await expect(page).toHaveURL(/\/signup$/);

    const email = `lander-${Date.now()}@test.example`;
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Username").fill("Kim");
    await page.getByLabel("Password").fill("a long and unusual passphrase");
    await chooseDateOfBirth(page, { day: "21", month: "August", year: "1991" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await openMailLink(page, /\/api\/activate\.php\?token=/);
    await expect(page).toHaveURL(/\/activate\/done$/);
    const account = await (await page.request.get("/api/export.php")).json();
    expect(account.account.tracking).toEqual({
      network: "adnet",
      ref: "spring",
      sub1: "banner-a",
      sub2: "feed",
      sub3: "7",
    });
    expect(errors).toEqual([]);
  });

  test("on the ad-only site, a lander's traffic source opens signup", async ({ page, baseURL }) => {
    const german = baseURL?.replace("localhost", "127.0.0.1") ?? "";
    await page.goto(`${german}/signup`);
    await expect(
      page.getByRole("heading", { name: "Registrierung nur mit Einladung" }),
    ).toBeVisible();
    await page.goto(`${german}/landers/video?network=adnet&ref=herbst`);
    await expect(page.locator("video")).toHaveAttribute("poster", "/landers/video-poster.webp");
    await page.getByRole("link", { name: "Jetzt kostenlos anmelden" }).first().click();
    await expect(page.getByRole("button", { name: "Konto erstellen" })).toBeVisible();
  });

  test("the swipe lander: like a card, get a match, then sign up", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/de/landers/tinderswipe");
    // One card at a time: its Like button is the only one on screen.
    for (let i = 0; i < 3; i++) {
      const like = page.getByRole("link", { name: / liken$/ });
      const name = (await like.getAttribute("aria-label")) ?? "";
      await like.click();
      // The card flies out before the next one shows.
      await expect(page.getByRole("link", { name, exact: true })).toBeHidden();
    }
    const match = page.getByRole("status");
    await expect(match.getByRole("heading", { name: "Es ist ein Match!" })).toBeVisible();
    await expect(match).toBeFocused();
    await match.getByRole("link").click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(errors).toEqual([]);
  });

  test("a member's landing shows the member and signs up with a first message to them", async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ name: "Mateo", gender: "male", age: 41, photos: 1 });
    await page.goto(`/members/${member.profile_id}/landing`);
    await expect(page.getByRole("heading", { level: 1, name: "Mateo, 41" })).toBeVisible();
    await page.getByRole("link", { name: "Join free now" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.profile_id}/signup$`));
    await waitForHydration(page);
    await expect(page.getByLabel(`Your first message to ${member.name}`)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
