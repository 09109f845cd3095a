import type { Locator, Page } from "@playwright/test";
import { landerKinds } from "../../src/server/content/pages";
import { catalogue } from "./catalogue";
import { expect, type MemberOptions, test } from "./fixtures";
import { expectAccessible, signIn, waitForHydration } from "./helpers";
import { firstMessageFromTheMatch, matchInGerman } from "./match-journey";
import { walkMemberArea, walkNewMemberScreens, walkPaymentScreens } from "./member-screens";

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
  test("the likes tabs show their whole labels in German, Polish and Finnish, the cards line up (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ photos: 1 });
    // Names of different lengths and a card with more actions than its neighbour: what made
    // the cards of a row ragged.
    const liker = await createMember({
      name: "Maximiliane Josefine",
      likes: [me.profile_id],
      photos: 1,
    });
    const both = await createMember({ name: "Zoe", likes: [me.profile_id], photos: 1 });
    const liked = await createMember({ name: "Ann", photos: 1 });
    await signIn(page, me);
    for (const other of [both, liked]) {
      expect(
        (await page.request.post("/api/like.php", { data: { id: other.profile_id } })).status(),
      ).toBe(200);
    }
    expect(liker.id).toBeGreaterThan(0);
    for (const locale of ["de", "pl", "fi"]) {
      const t = catalogue(locale);
      for (const [path, list] of [
        ["/likes", "received"],
        ["/likes/given", "given"],
      ] as const) {
        await page.goto(`/${locale}${path}`);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        const tabs = page.getByRole("navigation", { name: t["likes.tabs"] });
        for (const name of ["received", "given", "matches"]) {
          const tab = tabs.getByRole("link", { name: t[`likes.tab.${name}`] });
          const whole = await tab.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return (
              element.scrollWidth <= element.clientWidth + 1 &&
              box.left >= 0 &&
              box.right <= document.documentElement.clientWidth
            );
          });
          expect.soft(whole, `${locale} ${path}: the tab ${name}`).toBe(true);
        }
        await expect(tabs.getByRole("link", { name: t[`likes.tab.${list}`] })).toHaveAttribute(
          "aria-current",
          "page",
        );
        // Each row's cards are as tall as each other, their actions on one line.
        const boxes = await page.locator(".likes-item").evaluateAll((items) =>
          items.map((item) => {
            const card = item.querySelector(".member-card")?.getBoundingClientRect();
            const actions = item.querySelector(".likes-actions")?.getBoundingClientRect();
            return {
              top: Math.round(item.getBoundingClientRect().top),
              card: card?.height,
              actions: actions?.top,
            };
          }),
        );
        expect(boxes.length).toBe(2);
        const [first, second] = boxes;
        expect.soft(first?.top, `${locale} ${path}: one row`).toBe(second?.top);
        expect.soft(first?.card, `${locale} ${path}: card heights`).toBe(second?.card);
        expect.soft(first?.actions, `${locale} ${path}: actions' line`).toBe(second?.actions);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
    await expectAccessible(page);
  });
  test("the transactions fit the screen in German and Polish, nothing cut off (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ country: "nl", photos: 1 });
    await signIn(page, me);
    // A payment through the sandbox provider: a line in each table, the payments' one wide.
    await page.goto("/credits");
    await page.getByRole("link", { name: /^Choose 300 credits for/ }).click();
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: /^Add my credits right away\./ }).check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Test payment" })).toBeVisible();
    await waitForHydration(page);
    await page.locator(".sandbox-actions button").first().click();
    await page.waitForURL(/\/transactions\/\d+$/);
    for (const locale of ["de", "pl"]) {
      const t = catalogue(locale);
      await page.goto(`/${locale}/transactions`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // Still tables to a screen reader: rows, and cells under their column's name.
      const payment = page.getByRole("row").filter({ hasText: "iDEAL" });
      await expect(payment).toContainText(t["payments.state.completed"] ?? "-");
      const cells = await page.locator(".ledger-table td").evaluateAll((all) =>
        all.map((cell) => {
          const box = cell.getBoundingClientRect();
          const width = document.documentElement.clientWidth;
          return {
            text: cell.textContent,
            inside: box.left >= 0 && box.right <= width && cell.scrollWidth <= cell.clientWidth + 1,
          };
        }),
      );
      expect(cells.length).toBeGreaterThanOrEqual(9);
      for (const cell of cells) expect.soft(cell.inside, `${locale}: ${cell.text}`).toBe(true);
      for (const scroller of await page.locator(".table-scroll").all()) {
        expect(
          await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth),
        ).toBe(true);
      }
      await expectAccessible(page);
    }
  });
  test("the member area: no critical, serious or moderate axe finding (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    test.setTimeout(120_000);
    await walkMemberArea(page, createMember);
  });

  test("paying: no critical, serious or moderate axe finding (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    test.setTimeout(120_000);
    await walkPaymentScreens(page, createMember);
  });

  test("a new and an unconfirmed member's screens: no critical, serious or moderate axe finding (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    await walkNewMemberScreens(page, createMember);
  });

  test("an open conversation still has the page's h1 (issue 29 item 18)", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ photos: 1 });
    const other = await createMember({ name: "Lina", photos: 1 });
    await signIn(page, me);
    await page.goto(`/members/${other.profile_id}/chat`);
    await waitForHydration(page);
    const icebreakers = page.getByRole("dialog", { name: "Start your conversation with Lina" });
    await expect(icebreakers).toBeVisible();
    // The list is out of sight on a phone, its heading kept for screen readers only.
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toHaveCount(1);
    await expectAccessible(page);
    await icebreakers.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("textbox", { name: "Message to Lina" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to messages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  });

  test("'It's a match' fills the screen, and the first message is sent from it (issue 29 item 10)", async ({
    browser,
    baseURL,
    page,
    createMember,
  }) => {
    await firstMessageFromTheMatch(browser, baseURL ?? "", page, createMember);
  });

  test("'It's a match' in German on a phone", async ({ browser, baseURL, page, createMember }) => {
    await matchInGerman(browser, baseURL ?? "", page, createMember);
  });
});

/*
 * issue 29 item 8: the swipe game on a 390 x 844 phone, as a member sees it the day they sign up:
 * under the time-bonus banner. The players are in their sixties, which no other test uses, each
 * test in a country of its own (the game's first cards share the player's country and are near
 * their age), so their cards are the test's own members even when the tests run side by side.
 */
test.describe("the swipe game on a phone (issue 29 item 8)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const player: MemberOptions = { gender: "female", seeking: "male", photos: 1 };
  const fitting: MemberOptions = { gender: "male", seeking: "female", photos: 1 };

  /** The card in play: the one card the stack does not hide from assistive technology. */
  const cardInPlay = (page: Page) => page.getByRole("article");
  /** The moving part of a card: where the drag's transform is. */
  const slideOf = (card: Locator) =>
    card.locator("xpath=ancestor::*[contains(@class, 'swipe-slide')][1]");

  /** The x offset and the rotation (degrees) of a card's transform. */
  async function placeOf(card: Locator) {
    return slideOf(card).evaluate((element) => {
      const matrix = new DOMMatrixReadOnly(getComputedStyle(element).transform);
      return { x: matrix.m41, rotate: (Math.atan2(matrix.m12, matrix.m11) * 180) / Math.PI };
    });
  }

  /**
   * The card's place once it has caught up with a finger moved `dx` px: under load the last
   * move can reach the page's script a frame after it was sent, so the place is read until the
   * card is there. A card that lags behind the finger, or moves at another rate, never is.
   */
  async function placeAfterDrag(card: Locator, dx: number) {
    await expect
      .poll(async () => Math.abs((await placeOf(card)).x - dx), { timeout: 2_000 })
      .toBeLessThanOrEqual(3);
    return placeOf(card);
  }

  /** A finger on the card, moved `dx` px to the side in steps; `release` lifts it. */
  async function touchDrag(page: Page, dx: number) {
    const box = await cardInPlay(page).boundingBox();
    if (!box) throw new Error("no card");
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
    const touch = await page.context().newCDPSession(page);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await touch.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: x + (dx * step) / 10, y }],
      });
    }
    return async () => {
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await touch.detach();
    };
  }

  /**
   * Once the card in play has come to rest in front: under load its move into place can still be
   * running after the last card has gone, and a drag then starts from part of the way.
   */
  const atRest = (card: Locator) =>
    slideOf(card).evaluate((slide) =>
      Promise.all(slide.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );

  /** A stamp's opacity on a card (the stamps are decoration, hidden from assistive technology). */
  const stampOpacity = (card: Locator, text: string) =>
    slideOf(card)
      .getByText(text, { exact: true })
      .evaluate((stamp) => Number(getComputedStyle(stamp).opacity));

  test("the card and its buttons fill the first screen, under the offer banner", async ({
    page,
    createMember,
    createMembers,
  }) => {
    const me = await createMember({ ...player, age: 60, country: "se" });
    await createMembers({ ...fitting, age: 61, country: "se", count: 3, name: "Mats" });
    await signIn(page, me);
    // German too: its banner and labels are longer.
    for (const path of ["/swipe-game", "/de/swipe-game"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("timer")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const card = cardInPlay(page);
      await expect(card).toHaveAccessibleName(/^Mats \d, 61$/);
      const buttons = await page.locator(".swipe-actions").getByRole("button").all();
      expect(buttons).toHaveLength(3);
      const cardBox = await card.boundingBox();
      const boxes = await Promise.all(buttons.map((button) => button.boundingBox()));
      if (!cardBox || boxes.some((box) => !box)) throw new Error("no card or buttons");
      // The photo, name and age and every button on the first screen, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const box of boxes) {
        expect(box?.y, path).toBeGreaterThanOrEqual(cardBox.y + cardBox.height);
        expect((box?.y ?? 0) + (box?.height ?? 0), path).toBeLessThanOrEqual(844);
      }
      await expect(card.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
      // The card takes the screen: nearly its width, more than half its height, near the top.
      expect(cardBox.width, path).toBeGreaterThanOrEqual(390 * 0.9);
      expect(cardBox.height, path).toBeGreaterThanOrEqual(844 * 0.55);
      expect(cardBox.y, path).toBeLessThan(250);
    }
  });

  test("the card follows the finger 1:1, tilts and shows LIKE or NOPE", async ({
    page,
    createMember,
    createMembers,
  }) => {
    const me = await createMember({ ...player, age: 62, country: "no" });
    await createMembers({ ...fitting, age: 63, country: "no", count: 4, name: "Nils" });
    await signIn(page, me);
    await page.goto("/swipe-game");
    await waitForHydration(page);
    await expect(page.getByText("4 likes left today")).toBeVisible();
    const card = cardInPlay(page);

    // 150 px to the right: the card 150 px along, tilted clockwise, stamped LIKE.
    const first = await card.getAttribute("aria-label");
    let release = await touchDrag(page, 150);
    let place = await placeAfterDrag(card, 150);
    expect(place.rotate).toBeGreaterThan(2);
    expect(await stampOpacity(card, "LIKE")).toBeGreaterThan(0.5);
    expect(await stampOpacity(card, "NOPE")).toBe(0);
    // Let go past a third of the card: a like.
    await release();
    await expect(page.getByText("3 likes left today")).toBeVisible();
    await expect(card).not.toHaveAttribute("aria-label", first ?? "");

    // 150 px to the left: NOPE, and a pass.
    const second = await card.getAttribute("aria-label");
    await atRest(card);
    release = await touchDrag(page, -150);
    place = await placeAfterDrag(card, -150);
    expect(place.rotate).toBeLessThan(-2);
    expect(await stampOpacity(card, "NOPE")).toBeGreaterThan(0.5);
    expect(await stampOpacity(card, "LIKE")).toBe(0);
    await release();
    await expect(card).not.toHaveAttribute("aria-label", second ?? "");
    await expect(page.getByRole("button", { name: "Undo pass" })).toBeEnabled();

    // A short drag springs back: the same card, no like spent.
    const third = await card.getAttribute("aria-label");
    await atRest(card);
    release = await touchDrag(page, 40);
    await placeAfterDrag(card, 40);
    await release();
    await expect.poll(async () => Math.abs((await placeOf(card)).x)).toBeLessThan(1);
    await expect(card).toHaveAttribute("aria-label", third ?? "");
    await expect(page.getByText("3 likes left today")).toBeVisible();

    // With reduced motion nothing springs (or flies): let go, the card is back at once.
    await page.emulateMedia({ reducedMotion: "reduce" });
    release = await touchDrag(page, 40);
    await release();
    expect(Math.abs((await placeOf(card)).x)).toBeLessThan(1);
  });

  test("out of likes shows on the Like button before any tap", async ({
    page,
    createMember,
    createMembers,
  }) => {
    const me = await createMember({ ...player, age: 64, country: "ie" });
    await createMembers({ ...fitting, age: 65, country: "ie", count: 6, name: "Olle" });
    await signIn(page, me);
    // Today's four likes, spent elsewhere.
    const { profiles } = await (await page.request.get("/api/swipe.php")).json();
    for (const profile of profiles.slice(0, 4)) {
      const liked = await page.request.post("/api/swipe.php", {
        data: { id: profile.id, action: "like" },
      });
      expect(liked.status()).toBe(200);
    }
    await page.goto("/swipe-game");
    await waitForHydration(page);
    const like = page.getByRole("button", { name: "Like", exact: true });
    await expect(like).toHaveAttribute("aria-disabled", "true");
    await expect(like).toBeInViewport({ ratio: 1 });
    await expect(like).toHaveAccessibleDescription(/0 likes left today/);
    await expect(page.getByText("0 likes left today")).toBeInViewport();
    await expect(page.getByRole("link", { name: "Unlimited likes with premium" })).toHaveAttribute(
      "href",
      "/premium",
    );
    // It looks out: not the pink of a Like that can be given.
    const pass = page.getByRole("button", { name: "Pass", exact: true });
    const fill = (button: Locator) =>
      button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill(like)).not.toBe("rgb(217, 38, 98)");
    expect(await fill(pass)).not.toBe(await fill(like));
    // A tap says why, and the card stays.
    const kept = await cardInPlay(page).getAttribute("aria-label");
    await like.click({ force: true });
    await expect(page.getByRole("dialog", { name: "Go premium" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(cardInPlay(page)).toHaveAttribute("aria-label", kept ?? "");
  });

  test("a tap on Like as the page loads, the CPU slowed 4x, is answered, not lost", async ({
    page,
    createMember,
    createMembers,
  }) => {
    const me = await createMember({ ...player, age: 66, country: "it" });
    await createMembers({ ...fitting, age: 67, country: "it", count: 3, name: "Pelle" });
    await signIn(page, me);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/swipe-game");
    // A tap as the page's load event fires (goto resolves on it) waits while the buttons say
    // they do not work yet (aria-disabled until the game is live), then shows the next card.
    // How soon (≤ 1.5 s, issue 29 item 8) is measured by the bench (bench/phone.ts), not here.
    const first = await cardInPlay(page).getAttribute("aria-label");
    await page.getByRole("button", { name: "Like", exact: true }).click();
    await expect(cardInPlay(page)).not.toHaveAttribute("aria-label", first ?? "");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page.getByText("3 likes left today")).toBeVisible();
  });
});
