import { expect, test } from "@playwright/test";
import { collectConsoleErrors, expectAccessible, signIn, waitForHydration } from "./helpers";

test.describe("browsing members", () => {
  test("lists members, loads more, and opens a profile", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(/\d+ members found/);
    const cards = page.locator("article.member-card");
    await expect(cards).toHaveCount(24);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Show more members" }).click();
    await expect(cards).toHaveCount(48);
    // Focus moves to the first newly loaded card for keyboard users.
    await expect(cards.nth(24).getByRole("link")).toBeFocused();

    const name = (await cards.first().getByRole("heading").textContent()) ?? "";
    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expectAccessible(page);
    // A CSP violation or a failed hydration would show here.
    expect(errors).toEqual([]);
  });

  test("filters by gender and keeps the choice in the form", async ({ page }) => {
    await page.goto("/members");
    await page.getByLabel("Show").selectOption("female");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/gender=female/);
    await expect(page.getByLabel("Show")).toHaveValue("female");
  });

  test("offers the regions of the chosen country and searches by one", async ({ page }) => {
    // A region where the demo has someone, so the search has results to check.
    const { profiles } = (await (await page.request.get("/api/search.php?country=de")).json()) as {
      profiles: { region: string; region_name: string }[];
    };
    const region = profiles.find((profile) => profile.region);
    if (!region) throw new Error("no German demo member with a region");
    await page.goto("/members?country=de");
    await page.getByLabel("Region").selectOption({ label: region.region_name });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`countryregion=${region.region}`));
    const cards = page.locator("article.member-card");
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text).toContain(region.region_name);
  });

  test("shows the same profile at /likes/m/{id}", async ({ page }) => {
    await signIn(page);
    const search = await page.request.get("/api/search.php");
    const { profiles } = (await search.json()) as { profiles: { id: number; name: string }[] };
    const first = profiles[0];
    await page.goto(`/likes/m/${first?.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(first?.name ?? "");
  });

  test("asks visitors of a site without logged-out search to log in (spec §6)", async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/members`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("article.member-card")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Anmelden" }).last()).toHaveAttribute(
      "href",
      "/login?next=%2Fmembers",
    );
  });

  test("lets visitors in who came from a traffic source", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 4322}/members?network=ads&sub1=x`);
    await expect(page.locator("article.member-card").first()).toBeVisible();
  });
});
