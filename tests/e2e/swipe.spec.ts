import type { Page } from "@playwright/test";
import { expect, type MemberOptions, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectAccessible,
  expectIdsUnique,
  signIn,
  waitForHydration,
} from "./helpers";

/*
 * The swipe game's cards are the members who fit the player, nearest in age first: the players
 * here are in their nineties, so the cards at the top are the test's own members, not those of
 * tests running beside them (35 by default).
 */
const player: MemberOptions = { gender: "female", seeking: "male", age: 91, photos: 1 };
const fitting: MemberOptions = { gender: "male", seeking: "female", age: 92, photos: 1 };

/** The name on the card in play ("Name, 92"): the first one not on its way out. */
async function topCard(page: Page) {
  const card = page
    .locator(".swipe-slide:not(.is-leaving-like):not(.is-leaving-pass) .swipe-card")
    .first();
  await expect(card).toBeVisible();
  return (await card.getAttribute("aria-label")) ?? "";
}

/** Drags the top card by mouse, `dx` pixels to the side. */
async function drag(page: Page, dx: number) {
  const box = await page.locator(".swipe-stage").boundingBox();
  if (!box) throw new Error("no stage");
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (dx * step) / 10, y);
  await page.mouse.up();
}

test.describe("the swipe game (issue 13)", () => {
  test("by mouse drag and by keyboard, with undo, through the daily limit", async ({
    page,
    createMember,
    createMembers,
  }) => {
    const me = await createMember({ ...player, name: "Greta" });
    await createMembers({ ...fitting, count: 8, name: "Hans" });
    const errors = collectConsoleErrors(page);
    await signIn(page, me);
    await page.goto("/swipe-game");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Swipe game" })).toBeVisible();
    await expect(page.getByText("4 likes left today")).toBeVisible();
    await expectAccessible(page);
    // The game's ids and the language menu's, each island's own after hydration (issue 30).
    expect((await expectIdsUnique(page)).length).toBeGreaterThanOrEqual(2);

    // Dragged right: a like.
    const first = await topCard(page);
    expect(first).toMatch(/^Hans \d, 92$/);
    await drag(page, 220);
    await expect(page.getByText("3 likes left today")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "You liked" })).toHaveText(
      `You liked ${first.replace(", 92", "")}.`,
    );
    // Dragged left: a pass; undo brings the card back on top.
    await expect.poll(() => topCard(page)).not.toBe(first);
    const second = await topCard(page);
    await drag(page, -220);
    await expect.poll(() => topCard(page)).not.toBe(second);
    await page.getByRole("button", { name: "Undo pass" }).click();
    await expect.poll(() => topCard(page)).toBe(second);
    await expect(page.getByRole("button", { name: "Undo pass" })).toBeDisabled();

    // The keyboard: → likes, ← passes.
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => topCard(page)).not.toBe(second);
    for (const left of ["2 likes left today", "1 like left today", "0 likes left today"]) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByText(left)).toBeVisible();
    }
    // The fifth like of the day: the Like button said it is out (aria-disabled) before the
    // tap, which still answers, with the premium alert; the card stays.
    const kept = await topCard(page);
    const like = page.getByRole("button", { name: "Like", exact: true });
    await expect(like).toHaveAttribute("aria-disabled", "true");
    await like.click({ force: true });
    const alert = page.getByRole("dialog", { name: "Go premium" });
    await expect(alert).toContainText("You've used today's 4 likes in the swipe game.");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(alert).toBeHidden();
    expect(await topCard(page)).toBe(kept);

    // Nobody liked or passed comes back.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("0 likes left today")).toBeVisible();
    const names = await page
      .locator(".swipe-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
    expect(names).not.toContain(first);
    expect(names).not.toContain(second);
    expect(names).toContain(kept);
    expect(errors).toEqual([]);
  });

  test("the like pop-up opens after ?t=2, likes, and leaves the address clean", async ({
    page,
    createMember,
  }) => {
    // In a country no other test's members live in: the pop-up's first step (same country, near
    // age) finds Jonas alone, whoever the tests running beside this one create meanwhile.
    const me = await createMember({ ...player, age: 95, name: "Ines", country: "pt" });
    const fan = await createMember({ ...fitting, age: 96, name: "Jonas", country: "pt" });
    await signIn(page, me);
    await page.goto("/members?t=2");
    await waitForHydration(page);
    // Not before the delay.
    await expect(page.getByRole("dialog", { name: "Someone for you" })).toHaveCount(0);
    const dialog = page.getByRole("dialog", { name: "Someone for you" });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/members$/);
    await expect(dialog).toContainText("Jonas, 96");
    await expect(dialog.getByRole("link", { name: "View profile" })).toHaveAttribute(
      "href",
      `/members/${fan.profile_id}`,
    );
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Like" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("You liked Jonas.")).toBeVisible();
    // Liked, and offered once: it is not offered again.
    const given = await (await page.request.get("/api/likes.php?type=given")).json();
    expect(given.profiles.map((profile: { id: number }) => profile.id)).toContain(fan.profile_id);
    const next = await (await page.request.get("/api/auto-like.php")).json();
    expect(next.profile?.id).not.toBe(fan.profile_id);
  });
});
