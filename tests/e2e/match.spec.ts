import { expect, test } from "./fixtures";
import { signIn } from "./helpers";
import {
  asMember,
  expectFullScreen,
  firstMessageFromTheMatch,
  matchInGerman,
  matchLive,
} from "./match-journey";

/** Issue 29 item 10: 'It's a match' is a full-screen modal to write the first message in. */
test.describe("'It's a match' (issue 29 item 10)", () => {
  test("covers the screen with both photos, and the first message sent from it reaches the match", async ({
    browser,
    baseURL,
    page,
    createMember,
  }) => {
    await firstMessageFromTheMatch(browser, baseURL ?? "", page, createMember);
  });

  test("in German", async ({ browser, baseURL, page, createMember }) => {
    await matchInGerman(browser, baseURL ?? "", page, createMember);
  });

  test("nothing moves under reduced motion; Escape closes it and focus goes on", async ({
    browser,
    baseURL,
    page,
    createMember,
  }) => {
    const ida = await createMember({ name: "Ida", photos: 1 });
    const ole = await createMember({ name: "Ole", gender: "male", photos: 1 });
    const i = await asMember(browser, ida, baseURL ?? "");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, ole);
    const dialog = await matchLive(page, i, ida, ole);
    await expectFullScreen(page, dialog);
    expect(
      await dialog.evaluate((element) => element.getAnimations({ subtree: true }).length),
    ).toBe(0);
    for (const part of [".match-photo-self", ".match-photo-other", ".match-heart"]) {
      await expect(dialog.locator(part)).toHaveCSS("animation-name", "none");
    }
    await expect(dialog.locator(".match-burst")).toBeHidden();
    await expect(dialog.getByRole("textbox", { name: "Your first message to Ida" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The card's "Like back" is gone (it says "Match" now): focus goes to the page's content.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("a first message that cannot be paid for keeps its text and says what to do", async ({
    browser,
    baseURL,
    page,
    createMember,
  }) => {
    const mia = await createMember({ name: "Mia", photos: 1 });
    // Premium members start no free conversation: without credits, a message is refused.
    const tom = await createMember({
      name: "Tom",
      gender: "male",
      photos: 1,
      premium: true,
      credits: 0,
    });
    const m = await asMember(browser, mia, baseURL ?? "");
    await signIn(page, tom);
    const dialog = await matchLive(page, m, mia, tom);
    const box = dialog.getByRole("textbox", { name: "Your first message to Mia" });
    await box.fill("Hello Mia!");
    await box.press("Enter");
    const alert = dialog.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("link", { name: "Buy credits" })).toHaveAttribute(
      "href",
      "/credits",
    );
    await expect(box).toHaveValue("Hello Mia!");
    await expect(dialog.getByRole("link", { name: "Go to chat" })).toHaveCount(0);
    // Nothing reached Mia.
    const chats = await (await m.request.get("/api/chats.php")).json();
    expect(chats.chats.filter((chat: { last_message: unknown }) => chat.last_message)).toEqual([]);
  });
});
