import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";
import { walkMemberArea, walkNewMemberScreens, walkPaymentScreens } from "./member-screens";

test.describe("member screens, accessible (issue 29 item 18)", () => {
  test("the member area: no critical, serious or moderate axe finding", async ({
    page,
    createMember,
  }) => {
    test.setTimeout(120_000);
    await walkMemberArea(page, createMember);
  });

  test("paying: no critical, serious or moderate axe finding", async ({ page, createMember }) => {
    test.setTimeout(120_000);
    await walkPaymentScreens(page, createMember);
  });

  test("a new and an unconfirmed member's screens: no critical, serious or moderate axe finding", async ({
    page,
    createMember,
  }) => {
    await walkNewMemberScreens(page, createMember);
  });

  test("the likes cards' names come right under the page's h1; the chats have one landmark each", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ photos: 1 });
    const liker = await createMember({ name: "Lina", likes: [me.profile_id], photos: 1 });
    await signIn(page, me);
    await page.goto("/likes");
    await expect(page.getByRole("heading", { level: 1, name: "Likes" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Lina, 35" })).toBeVisible();
    await page.goto("/chats");
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "Messages" })).toHaveCount(1);
    expect(liker.id).toBeGreaterThan(0);
  });
});
