import { landerKinds } from "../../src/server/content/pages";
import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";
import { firstMessageFromTheMatch, matchInGerman } from "./match-journey";

test.describe("on a phone", () => {
  test("the swipe game plays by touch and fits the screen", async ({
    page,
    createMember,
    createMembers,
  }) => {
    // Players in their nineties meet the test's own members first (see swipe.spec.ts).
    const me = await createMember({ gender: "female", seeking: "male", age: 97, photos: 1 });
    await createMembers({
      gender: "male",
      seeking: "female",
      age: 98,
      photos: 1,
      count: 3,
      name: "Kai",
    });
    await signIn(page, me);
    await page.goto("/swipe-game");
    await waitForHydration(page);
    await expect(page.getByText("4 likes left today")).toBeVisible();
    const top = page
      .locator(".swipe-slide:not(.is-leaving-like):not(.is-leaving-pass) .swipe-card")
      .first();
    /** A finger across `share` of the card's width (negative: to the left). */
    const swipeBy = async (share: number) => {
      const box = await page.locator(".swipe-stage").boundingBox();
      if (!box) throw new Error("no stage");
      const dx = box.width * share;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
      const touch = await page.context().newCDPSession(page);
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (let step = 1; step <= 10; step++) {
        await touch.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: x + (dx * step) / 10, y }],
        });
      }
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await touch.detach();
    };
    const first = await top.getAttribute("aria-label");
    await swipeBy(0.6);
    await expect(page.getByText("3 likes left today")).toBeVisible();
    await expect(top).not.toHaveAttribute("aria-label", first ?? "");
    // The liked card has flown off the stack.
    await expect(page.locator(".is-leaving-like")).toHaveCount(0);
    const second = await top.getAttribute("aria-label");
    await swipeBy(-0.6);
    await expect(top).not.toHaveAttribute("aria-label", second ?? "");
    await expect(page.getByRole("button", { name: "Undo pass" })).toBeEnabled();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the member area fits the screen and the nav stays usable", async ({ page, member }) => {
    await signIn(page, member);
    await page.goto("/members");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Search members" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the photo alert sits above the content, covering none of it, until dismissed (issue 29 item 11)", async ({
    page,
    newMember,
  }) => {
    await signIn(page, newMember);
    await page.goto("/members");
    await waitForHydration(page);
    const alert = page.getByRole("complementary", { name: "Add a photo" });
    await expect(alert).toBeVisible();
    // Nothing of the page lies under it: it ends before the main content starts.
    const alertBox = await alert.boundingBox();
    const mainBox = await page.locator("main#main").boundingBox();
    expect(alertBox && mainBox && alertBox.y + alertBox.height <= mainBox.y).toBe(true);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator("main#main")).toBeFocused();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test("every lander design and a legal page fit the screen, in German and Polish", async ({
    page,
  }) => {
    const kinds = ["tinderswipe", ...landerKinds];
    for (const path of [
      ...kinds.map((kind) => `/de/landers/${kind}`),
      "/pl/landers/maplanding/50plus",
      "/pl/terms",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("pricing is in the visitor's currency, says who pays for a photo, and fits (issue 29 item 5)", async ({
    page,
  }) => {
    for (const [path, price, photo] of [
      ["/pl/pricing", /zł/, "Wysłanie zdjęcia na czacie: 5 kredytów"],
      ["/de/pricing", /€/, "Foto im Chat senden: 5 Credits"],
      ["/fi/pricing", /€/, "Kuvan lähettäminen chatissa: 5 krediittiä"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(photo)).toBeVisible();
      const prices = page.locator(".package-price");
      await expect(prices.first()).toHaveText(price);
      await expect(page.getByText("£")).toHaveCount(0);
      // Every saving badge shows its whole text inside its card.
      for (const badge of await page.locator(".package-discount").all()) {
        const fits = await badge.evaluate((element) => {
          const card = element.closest(".package")?.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return (
            element.scrollWidth <= element.clientWidth + 1 &&
            element.scrollHeight <= element.clientHeight + 1 &&
            !!card &&
            box.left >= card.left &&
            box.right <= card.right
          );
        });
        expect(fits, `${path}: ${await badge.textContent()}`).toBe(true);
      }
    }
  });

  test("shows the activation reminder as a modal right after signup", async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ confirmed: false, profile_complete: false });
    await signIn(page, member);
    await page.goto("/members?signup_complete=1");
    const dialog = page.getByRole("dialog", { name: "Check your inbox" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(member.email);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("'It's a match' fills the screen, and the first message is sent from it (issue 29 item 10)", async ({
    browser,
    baseURL,
    page,
    createMember,
  }) => {
    await firstMessageFromTheMatch(browser, baseURL ?? "", page, createMember, "phone-en");
  });

  test("'It's a match' in German on a phone", async ({ browser, baseURL, page, createMember }) => {
    await matchInGerman(browser, baseURL ?? "", page, createMember, "phone-de");
  });
});
