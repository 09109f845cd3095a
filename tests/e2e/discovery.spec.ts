import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectAccessible, signIn, waitForHydration } from "./helpers";

/* Members in their eighties meet the test's own members first (see swipe.spec.ts). */

test.describe("finding matches (issue 13)", () => {
  test("the match finder lists members who match both ways, by region and interests", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ name: "Lena", gender: "female", seeking: "male", age: 84 });
    await createMember({
      name: "Mats",
      gender: "male",
      seeking: "female",
      age: 85,
      photos: 1,
      interests: ["travel", "music"],
    });
    await createMember({ name: "Nils", gender: "male", seeking: "male", age: 85, photos: 1 });
    const errors = collectConsoleErrors(page);
    await signIn(page, me);
    await page.goto("/match-finder");
    await expect(page.getByRole("heading", { level: 1, name: "Match finder" })).toBeVisible();
    // The form starts from her own preferences: men, near her age.
    const who = page.getByRole("group", { name: "1. Who are you looking for?" });
    await expect(who.getByRole("radio", { name: "Men", exact: true })).toBeChecked();
    await expect(page.getByLabel("Age from")).toHaveValue("74");
    await page
      .getByRole("group", { name: /Shared interests/ })
      .getByRole("checkbox", { name: "Travel" })
      .check();
    await page.getByRole("button", { name: "Find my matches" }).click();
    await expect(page).toHaveURL(/interests=travel/);
    const results = page.getByRole("region", { name: /match you both ways|matches you both ways/ });
    await expect(results.getByRole("heading", { name: "Mats, 85" })).toBeVisible();
    // Nils looks for men: no match both ways.
    await expect(results.getByText("Nils, 85")).toHaveCount(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("signup matches: like in one tap, then on to the profile", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ name: "Olivia", gender: "female", seeking: "male", age: 87 });
    await createMember({ name: "Piet", gender: "male", seeking: "female", age: 88, photos: 1 });
    await signIn(page, me);
    await page.goto("/activate/done");
    await page.getByRole("link", { name: "Browse members" }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
    await waitForHydration(page);
    const like = page.getByRole("button", { name: "Like Piet" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("You liked 1 member.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue to my profile" }).click();
    // The profile wizard, at the step the member is at.
    await expect(page).toHaveURL(/\/profile(\?step=\d)?$/);
    const given = await (await page.request.get("/api/likes.php?type=given")).json();
    expect(given.profiles.map((profile: { name: string }) => profile.name)).toContain("Piet");
  });
});
