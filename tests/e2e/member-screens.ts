import { expect, type Page } from "@playwright/test";
import type { TestMember } from "./fixtures";
import { expectAccessible, signIn, switchMember, waitForHydration } from "./helpers";

/*
 * issue 29 item 18: every member screen, each with what a member would have on it (likes both
 * ways, a match, a conversation, a payment), held to 0 critical, serious and moderate axe
 * findings. Three walks, so that each stays short: the member area, paying, and the screens of a
 * member who has no profile yet or has not confirmed the address.
 */

type Create = (options?: Record<string, unknown>) => Promise<TestMember>;

/** Opens a screen and checks it; `heading` is its h1 (every screen has one). */
async function check(page: Page, path: string, heading?: string | RegExp) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  const h1 = page.getByRole("heading", { level: 1 });
  if (heading) await expect(h1.filter({ hasText: heading }), path).toHaveCount(1);
  await expectAccessible(page);
}

/** The member area: search, profiles, likes, chats, games, the member's own pages. */
export async function walkMemberArea(page: Page, createMember: Create) {
  const me = await createMember({ country: "nl", photos: 1 });
  const liker = await createMember({ name: "Lina", likes: [me.profile_id], photos: 1 });
  const liked = await createMember({ name: "Mira", photos: 1 });
  const both = await createMember({ name: "Zoe", likes: [me.profile_id], photos: 1 });
  await signIn(page, me);
  for (const other of [liked, both]) {
    const like = await page.request.post("/api/like.php", { data: { id: other.profile_id } });
    expect(like.status()).toBe(200);
  }
  const opened = await page.request.post("/api/chat.php", { data: { profile: liker.profile_id } });
  const { conversation } = (await opened.json()) as { conversation: number };
  const sent = await page.request.post("/api/message.php", { data: { conversation, text: "Hi" } });
  expect(sent.status()).toBe(200);

  // Zoe liked back while the member was away: 'It's a match' opens on the first page, checked
  // with it, then put away.
  await check(page, "/members", "Members");
  const match = page.getByRole("dialog", { name: "It's a match!" });
  await expect(match).toBeVisible();
  await match.getByRole("button", { name: "Keep browsing" }).click();
  await expect(match).toBeHidden();

  // Liked: the profile shows 'Unlike' (it read at 4.4:1).
  await check(page, `/members/${liked.profile_id}`, /Mira/);
  await expect(page.getByRole("button", { name: "Unlike" })).toBeVisible();
  await check(page, `/likes/m/${liker.profile_id}`, /Lina/);
  await check(page, "/chats", "Messages");
  await check(page, `/chats/${conversation}`);
  await expect(page.getByRole("textbox", { name: "Message to Lina" })).toBeVisible();
  for (const path of ["/likes", "/likes/given", "/likes/matches"]) await check(page, path, "Likes");
  await check(page, "/swipe-game", "Swipe game");
  await check(page, "/match-finder");
  await check(page, "/profile");
  await check(page, "/notifications");
  await check(page, "/lang-config");
  // In German too (the URL's language stays the member's), then back in English.
  await check(page, "/de/likes", "Likes");
  await check(page, "/en/members", "Members");
}

/** Paying: credits, checkout, the provider's page, the order, the history, premium. */
export async function walkPaymentScreens(page: Page, createMember: Create) {
  const me = await createMember({ country: "nl", photos: 1 });
  await signIn(page, me);
  await check(page, "/credits", "Buy credits");
  await page.getByRole("link", { name: /^Choose 300 credits for/ }).click();
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("checkbox", { name: /^Add my credits right away\./ }).check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test payment" })).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page);
  await page.locator(".sandbox-actions button").first().click();
  await page.waitForURL(/\/transactions\/\d+$/);
  await waitForHydration(page);
  await expectAccessible(page);
  await check(page, "/transactions", "Credit history");
  await check(page, "/credits/repeat-order");
  await check(page, "/credits/2/sdd");
  await check(page, "/premium", "Go Premium");
  await check(page, "/pl/transactions", "Historia kredytów");
  await check(page, "/en/credits", "Buy credits");
}

/** A member who has just confirmed (the profile wizard), and one who has not confirmed yet. */
export async function walkNewMemberScreens(page: Page, createMember: Create) {
  const starter = await createMember({ profile_complete: false, photos: 0 });
  await signIn(page, starter);
  await check(page, "/profile");
  await check(page, "/members", "Members");
  const unconfirmed = await createMember({ confirmed: false });
  await switchMember(page, unconfirmed);
  await check(page, "/members", "Members");
  await check(page, "/likes", "Likes");
}
