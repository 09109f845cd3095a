import type { Browser, Page } from "@playwright/test";
import { expect, type MemberOptions, type TestMember, test } from "./fixtures";
import { expectAccessible, signIn, waitForHydration } from "./helpers";

/** A member in a browser context of their own (two people, two browsers). */
export async function asMember(
  browser: Browser,
  member: TestMember,
  baseURL: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: test.info().project.use.storageState,
  });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

/**
 * Issue 29 item 10: `liker` has liked `answerer`, who likes them back on the likes page (the
 * answerer's `page`); the full-screen 'It's a match' opens there, live. Returns the dialog.
 */
export async function matchLive(
  page: Page,
  liker: Page,
  likerMember: TestMember,
  answerer: TestMember,
  title = "It's a match!",
  likeBack = "Like back",
) {
  expect(
    (await liker.request.post("/api/like.php", { data: { id: answerer.profile_id } })).status(),
  ).toBe(200);
  await page.goto("/likes");
  await waitForHydration(page);
  const card = page.getByRole("listitem").filter({ hasText: likerMember.name });
  await card.getByRole("button", { name: likeBack }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Two members with a photo each, `her` liking `him` from a browser of her own, and `page` signed
 * in as him (in `locale` when given): the start of every match journey.
 */
async function aPair(
  browser: Browser,
  baseURL: string,
  page: Page,
  createMember: (options?: MemberOptions) => Promise<TestMember>,
  names: { her: string; him: string },
  locale?: string,
) {
  const her = await createMember({ name: names.her, photos: 1 });
  const him = await createMember({ name: names.him, gender: "male", photos: 1 });
  const herPage = await asMember(browser, her, baseURL);
  if (locale) await page.context().addCookies([{ name: "locale", value: locale, url: baseURL }]);
  await signIn(page, him);
  return { her, him, herPage };
}

/** The burst is over: the picture is the modal at rest. */
async function burstEnded(page: Page) {
  await page.waitForFunction(() =>
    document
      .querySelector("dialog[open]")
      ?.getAnimations({ subtree: true })
      .every((animation) => animation.playState === "finished"),
  );
}

/** The dialog covers the whole viewport, whatever the screen. */
export async function expectFullScreen(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  const viewport = page.viewportSize();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBe(0);
  expect(box?.y).toBe(0);
  expect(box?.width).toBe(viewport?.width);
  expect(box?.height).toBe(viewport?.height);
}

/**
 * The journey every screen size plays: a match between Alice and Bob, the full-screen modal with
 * both photos, a burst that moves, focus in the message box, and the first message sent from it
 * reaching Alice's chat.
 */
export async function firstMessageFromTheMatch(
  browser: Browser,
  baseURL: string,
  page: Page,
  createMember: (options?: MemberOptions) => Promise<TestMember>,
) {
  const pair = await aPair(browser, baseURL, page, createMember, { her: "Alice", him: "Bob" });
  const { her: alice, him: bob, herPage: a } = pair;

  const dialog = await matchLive(page, a, alice, bob);
  await expectFullScreen(page, dialog);
  await expect(dialog.getByRole("heading", { name: "It's a match!" })).toBeVisible();
  await expect(dialog).toContainText("You and Alice like each other.");
  // Both photos, each named for its member.
  for (const name of ["Photo of Bob", "Photo of Alice"]) {
    const photo = dialog.getByRole("img", { name });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // The celebration moves (the next test: not under reduced motion).
  expect(
    await dialog.evaluate((element) => element.getAnimations({ subtree: true }).length),
  ).toBeGreaterThan(0);
  const box = dialog.getByRole("textbox", { name: "Your first message to Alice" });
  await expect(box).toBeFocused();
  await burstEnded(page);
  await expectAccessible(page);

  const text = "Hi Alice! Coffee this week?";
  await box.fill(text);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Your message to Alice has been sent.");
  const toChat = dialog.getByRole("link", { name: "Go to chat" });
  await expect(toChat).toBeFocused();
  await toChat.click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByText(text, { exact: true })).toBeVisible();

  // Alice has it in her chats.
  await a.goto("/chats");
  await waitForHydration(a);
  await expect(a.getByText(text).first()).toBeVisible();
  return { alice, bob, a };
}

/** The same modal in German, with its longer words. */
export async function matchInGerman(
  browser: Browser,
  baseURL: string,
  page: Page,
  createMember: (options?: MemberOptions) => Promise<TestMember>,
) {
  const { her, him, herPage } = await aPair(
    browser,
    baseURL,
    page,
    createMember,
    { her: "Lena", him: "Jonas" },
    "de",
  );
  const dialog = await matchLive(page, herPage, her, him, "Es ist ein Match!", "Like erwidern");
  await expectFullScreen(page, dialog);
  await expect(dialog.getByRole("img", { name: "Foto von Lena" })).toBeVisible();
  await expect(
    dialog.getByRole("textbox", { name: "Deine erste Nachricht an Lena" }),
  ).toBeFocused();
  await burstEnded(page);
  await expectAccessible(page);
}
