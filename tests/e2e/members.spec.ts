import { expect, livingIn, test } from "./fixtures";
import { collectConsoleErrors, expectAccessible, signIn, waitForHydration } from "./helpers";

test.describe("browsing members", () => {
  test("lists members, loads more, and opens a profile", async ({
    page,
    ownRegion,
    createMembers,
  }) => {
    const errors = collectConsoleErrors(page);
    // More members than one page holds, in a region of their own (a page is 24 cards).
    await createMembers({ count: 30, name: "Pager", photos: 1, ...livingIn(ownRegion) });
    await page.goto(`/members?country=${ownRegion.country}&countryregion=${ownRegion.region}`);
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("30 members found");
    const cards = page.locator(".search-results article.member-card");
    const firstPage = await cards.count();
    expect(firstPage).toBeLessThan(30);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Show more members" }).click();
    await expect(cards).toHaveCount(30);
    // Focus moves to the first newly loaded card for keyboard users.
    await expect(cards.nth(firstPage).getByRole("link")).toBeFocused();
    await expect(page.getByRole("button", { name: "Show more members" })).toHaveCount(0);

    const name = (await cards.first().getByRole("heading").textContent()) ?? "";
    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expectAccessible(page);
    // A CSP violation or a failed hydration would show here.
    expect(errors).toEqual([]);
  });

  test("filters by gender and keeps the choice in the form", async ({
    page,
    ownRegion,
    createMember,
  }) => {
    await createMember({ name: "Wilma", gender: "female", ...livingIn(ownRegion) });
    await createMember({ name: "Wim", gender: "male", ...livingIn(ownRegion) });
    await page.goto(`/members?country=${ownRegion.country}&countryregion=${ownRegion.region}`);
    const names = page.locator(".search-results article.member-card").getByRole("heading");
    await expect(names).toHaveText(["Wim, 35", "Wilma, 35"]);
    await page.getByLabel("Show").selectOption("female");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/gender=female/);
    await expect(page.getByLabel("Show")).toHaveValue("female");
    await expect(names).toHaveText(["Wilma, 35"]);
  });

  test("offers the regions of the chosen country and searches by one", async ({
    page,
    ownRegion,
    createMember,
  }) => {
    await createMember({ name: "Ines", ...livingIn(ownRegion) });
    await createMember({ name: "Ivo", ...livingIn(ownRegion) });
    await page.goto(`/members?country=${ownRegion.country}`);
    await page.getByLabel("Region").selectOption({ label: ownRegion.region_name });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`countryregion=${ownRegion.region}`));
    const cards = page.locator(".search-results article.member-card");
    await expect(cards.getByRole("heading")).toHaveText(["Ivo, 35", "Ines, 35"]);
    for (const text of await cards.allTextContents()) expect(text).toContain(ownRegion.region_name);
  });

  test("a short search shows similar members below, marked, never a result twice (issue 13)", async ({
    page,
    ownRegion,
    createMember,
  }) => {
    await createMember({
      name: "Olga",
      gender: "female",
      age: 70,
      photos: 1,
      ...livingIn(ownRegion),
    });
    await createMember({
      name: "Petra",
      gender: "female",
      age: 73,
      photos: 1,
      ...livingIn(ownRegion),
    });
    await page.goto(
      `/members?gender=female&country=${ownRegion.country}&countryregion=${ownRegion.region}&min_age=69&max_age=71`,
    );
    await waitForHydration(page);
    const results = page.locator(".search-results article.member-card");
    await expect(results.getByRole("heading")).toHaveText(["Olga, 70"]);
    const similar = page.getByRole("region", { name: "Similar members" });
    await expect(similar).toBeVisible();
    // Petra is three years past the range: the widened ages find her.
    const petra = similar.getByRole("listitem").filter({ hasText: "Petra, 73" });
    await expect(petra.getByText("Similar", { exact: true })).toBeVisible();
    await expect(similar.getByText("Olga, 70")).toHaveCount(0);
    await expectAccessible(page);
    // The search can be cleared, back to the member's defaults.
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/members$/);
  });

  test("starts from the member's own preferences: a man looking for women sees women", async ({
    page,
    createMember,
  }) => {
    const me = await createMember({ name: "Max", gender: "male", seeking: "female" });
    await signIn(page, me);
    await page.goto("/members");
    await expect(page.getByLabel("Show")).toHaveValue("female");
    const first = page.locator(".search-results article.member-card").first();
    await expect(first).toBeVisible();
    // "Everyone" stays everyone.
    await page.getByLabel("Show").selectOption("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/gender=(&|$)/);
    await expect(page.getByLabel("Show")).toHaveValue("");
  });

  test("offers a visitor on a profile to sign up, and to log in", async ({
    page,
    createMember,
  }) => {
    const other = await createMember({ name: "Vera", photos: 1 });
    await page.goto(`/members/${other.profile_id}`);
    await expect(page.getByText("Sign up free to write to Vera", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up free" })).toHaveAttribute(
      "href",
      "/en/signup",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/login?next=%2Fmembers%2F${other.profile_id}`,
    );
  });

  test("shows the same profile at /likes/m/{id}", async ({ page, member, createMember }) => {
    const other = await createMember({ name: "Lior" });
    await signIn(page, member);
    await page.goto(`/likes/m/${other.profile_id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Lior");
  });

  test("asks visitors of a site without logged-out search to log in (spec §6)", async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/members`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator(".search-results article.member-card")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Anmelden" }).last()).toHaveAttribute(
      "href",
      "/login?next=%2Fmembers",
    );
  });

  test("lets visitors in who came from a traffic source", async ({
    page,
    ownRegion,
    createMember,
  }) => {
    await createMember({ name: "Greta", site: "herzklopfen", ...livingIn(ownRegion) });
    const search = `country=${ownRegion.country}&countryregion=${ownRegion.region}`;
    await page.goto(
      `http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/members?network=ads&sub1=x&${search}`,
    );
    await expect(
      page.locator(".search-results article.member-card").getByRole("heading"),
    ).toHaveText(["Greta, 35"]);
  });
});
