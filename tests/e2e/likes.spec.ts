import type { Browser, Page } from "@playwright/test";
import { expect, type TestMember, test } from "./fixtures";
import { collectConsoleErrors, expectAccessible, signIn, waitForHydration } from "./helpers";

/** A member in a browser context of their own (two people, two browsers). */
async function asMember(browser: Browser, member: TestMember, baseURL: string): Promise<Page> {
  // The project's answered notices (playwright.config.ts): the entry warning and cookie notice.
  const context = await browser.newContext({
    baseURL,
    storageState: test.info().project.use.storageState,
  });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

test.describe("likes and matches (issue 13)", () => {
  test("a like answered on the likes page is a match: both members see 'It's a match'", async ({
    browser,
    baseURL,
    createMember,
  }) => {
    const alice = await createMember({ name: "Alice", photos: 1 });
    const bob = await createMember({ name: "Bob", gender: "male", photos: 1 });
    const a = await asMember(browser, alice, baseURL ?? "");
    const b = await asMember(browser, bob, baseURL ?? "");
    const errors = collectConsoleErrors(b);

    // Alice likes Bob from his profile.
    await a.goto(`/members/${bob.profile_id}`);
    await waitForHydration(a);
    await a.getByRole("button", { name: "Like", exact: true }).click();
    await expect(a.getByRole("button", { name: /Unlike|Liked/ }).first()).toBeVisible();

    // Bob finds her under "Likes you", marked new, and likes her back.
    await b.goto("/likes");
    await waitForHydration(b);
    await expect(b.getByRole("link", { name: "Likes you" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const card = b.getByRole("listitem").filter({ hasText: "Alice" });
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await expectAccessible(b);
    await card.getByRole("button", { name: "Like back" }).click();

    // Both see the match, live.
    for (const page of [b, a]) {
      const dialog = page.getByRole("dialog", { name: "It's a match!" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: /^Your first message to / })).toBeVisible();
    }
    const bobsDialog = b.getByRole("dialog", { name: "It's a match!" });
    await expect(bobsDialog).toContainText("You and Alice like each other.");
    await expectAccessible(b);
    await bobsDialog.getByRole("button", { name: "Keep browsing" }).click();
    await expect(bobsDialog).toBeHidden();
    // The button that answered the like is gone (the card says "Match" now): focus goes to the
    // page's content, never the body (issue 29 item 16).
    expect(await b.evaluate(() => document.activeElement?.id)).toBe("main");

    // The match is listed on both sides; removing it takes Bob's like back.
    await b.goto("/likes/matches");
    await waitForHydration(b);
    const match = b.getByRole("listitem").filter({ hasText: "Alice" });
    await expect(match.getByText("Match", { exact: true })).toBeVisible();
    await match.getByRole("button", { name: "Remove" }).click();
    await expect(b.getByText("Alice was removed from your likes.")).toBeVisible();
    await b.reload();
    await expect(b.getByText("No matches yet.", { exact: false })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a profile the browser fetches ahead leaves its like new until it is opened (issue 29 item 3)", async ({
    page,
    browser,
    baseURL,
    createMember,
  }) => {
    const liker = await createMember({ name: "Zofia", photos: 1 });
    const me = await createMember({ name: "Piotr", gender: "male", photos: 1 });
    const z = await asMember(browser, liker, baseURL ?? "");
    expect((await z.request.post("/api/like.php", { data: { id: me.profile_id } })).status()).toBe(
      200,
    );
    await signIn(page, me);
    await page.goto("/members");
    await waitForHydration(page);
    const badge = page.getByRole("link", { name: /Likes/ }).getByText("1 new like");
    await expect(badge).toBeAttached();
    // What /members does for its first cards once idle: the browser fetches the page ahead.
    const fetched = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/members/${liker.profile_id}`) &&
        response.request().headers()["sec-purpose"] === "prefetch",
    );
    await page.evaluate((href) => {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = href;
      document.head.append(link);
    }, `/members/${liker.profile_id}`);
    await fetched;
    await page.reload();
    await waitForHydration(page);
    await expect(badge).toBeAttached();
    // Opened (the page fetched ahead may be the one shown): now it is seen.
    await page.goto(`/members/${liker.profile_id}`);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: /Likes/ }).getByText(/new like/)).toHaveCount(0);
    await page.goto("/likes");
    await waitForHydration(page);
    await expect(
      page.getByRole("listitem").filter({ hasText: "Zofia" }).getByText("New", { exact: true }),
    ).toHaveCount(0);
  });

  test("the likes page follows new likes and other tabs live (issue 29 item 13)", async ({
    page,
    browser,
    baseURL,
    createMember,
  }) => {
    const me = await createMember({ name: "Marta", photos: 1 });
    const liker = await createMember({ name: "Jonas", gender: "male", photos: 1 });
    await signIn(page, me);
    await page.goto("/likes");
    await waitForHydration(page);
    // A second tab of the same member, on the same list.
    const other = await page.context().newPage();
    await other.goto("/likes");
    await waitForHydration(other);
    await expect(other.getByRole("listitem").filter({ hasText: "Jonas" })).toHaveCount(0);

    // Jonas likes Marta: both tabs show him, marked new, without a reload.
    const jonas = await asMember(browser, liker, baseURL ?? "");
    await jonas.request.post("/api/like.php", { data: { id: me.profile_id } });
    for (const tab of [page, other]) {
      const card = tab.getByRole("listitem").filter({ hasText: "Jonas" });
      await expect(card.getByText("New", { exact: true })).toBeVisible();
    }
    // Marta opens his profile in the first tab: the other tab's list is told (the `likes`
    // event), and the mark goes there too.
    await page.goto(`/members/${liker.profile_id}`);
    await waitForHydration(page);
    await expect(
      other.getByRole("listitem").filter({ hasText: "Jonas" }).getByText("New", { exact: true }),
    ).toHaveCount(0);
    await expect(other.getByRole("link", { name: /Likes/ }).getByText(/new like/)).toHaveCount(0);
  });

  test("a member who was away sees 'It's a match' on their next page, once", async ({
    browser,
    baseURL,
    createMember,
  }) => {
    const dana = await createMember({ name: "Dana", photos: 1 });
    const eric = await createMember({ name: "Eric", gender: "male", photos: 1 });
    // Eric likes Dana and leaves; Dana answers while he is away (two browsers, one closed).
    const away = await asMember(browser, eric, baseURL ?? "");
    const like = (page: Page, id: number) => page.request.post("/api/like.php", { data: { id } });
    expect((await like(away, dana.profile_id)).status()).toBe(200);
    await away.context().close();
    const d = await asMember(browser, dana, baseURL ?? "");
    expect((await like(d, eric.profile_id)).status()).toBe(200);

    const e = await asMember(browser, eric, baseURL ?? "");
    await e.goto("/members");
    await waitForHydration(e);
    const dialog = e.getByRole("dialog", { name: "It's a match!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("You and Dana like each other.");
    await expect(dialog.getByRole("img", { name: "Photo of Dana" })).toBeVisible();
    await dialog.getByRole("button", { name: "Keep browsing" }).click();
    await expect(dialog).toBeHidden();
    // Shown once: the next page has no dialog.
    await e.reload();
    await waitForHydration(e);
    await expect(e.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(e.getByRole("dialog", { name: "It's a match!" })).toHaveCount(0);
  });

  test("the likes page needs a login, and each list is the member's own", async ({
    page,
    createMember,
  }) => {
    await page.goto("/likes/given");
    await expect(page).toHaveURL(/\/login\?next=%2Flikes%2Fgiven/);
    const member = await createMember({ name: "Cora" });
    await signIn(page, member);
    await page.goto("/likes/given");
    await expect(page.getByText("You haven't liked anyone yet.")).toBeVisible();
    // The other ways to meet are a tap away.
    const more = page.getByRole("navigation", { name: "More ways to meet" });
    await expect(more.getByRole("link", { name: "Swipe game" })).toHaveAttribute(
      "href",
      "/swipe-game",
    );
    await expect(more.getByRole("link", { name: "Match finder" })).toHaveAttribute(
      "href",
      "/match-finder",
    );
    expect((await page.goto("/likes/everyone"))?.status()).toBe(404);
  });
});
