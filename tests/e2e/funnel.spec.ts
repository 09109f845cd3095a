import { devices } from "@playwright/test";
import { catalogue, expectNoEnglish } from "./catalogue";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, openMailLink, waitForHydration } from "./helpers";

/*
 * Issue 29 item 1: a visitor who arrives in a language stays in it, from the ad's lander through
 * signup, the activation mail and the first member pages; item 4: the new member is asked who
 * they are and whom they look for before members are suggested, and is shown only those.
 */
/** One prop of an island, from Astro's serialisation ([0, value] plain, [1, [...]] an array). */
function islandProp(serialised: string | null, name: string): unknown {
  const revive = (value: unknown): unknown => {
    if (!Array.isArray(value)) return value;
    const [type, inner] = value as [number, unknown];
    if (type === 1) return (inner as unknown[]).map(revive);
    if (inner && typeof inner === "object") {
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, revive(item)]));
    }
    return inner;
  };
  return revive((JSON.parse(serialised ?? "{}") as Record<string, unknown>)[name]);
}

const journeys = [
  { locale: "de", lander: "/de/landers/gallery/women", device: "desktop" },
  { locale: "pl", lander: "/pl/landers/gallery/women", device: "phone" },
] as const;

for (const journey of journeys) {
  test.describe(`the funnel in ${journey.locale}, on a ${journey.device}`, () => {
    if (journey.device === "phone") {
      const { defaultBrowserType: _, ...phone } = devices["Pixel 7"];
      test.use(phone);
    }

    test("lander, signup, activation mail, signup matches, wizard, members: never English", async ({
      page,
    }) => {
      const t = catalogue(journey.locale);
      const errors = collectConsoleErrors(page);
      await page.goto(journey.lander);
      await expectNoEnglish(page, journey.locale);
      await page.getByRole("link", { name: t["lander.cta"] }).first().click();
      await expect(page).toHaveURL(new RegExp(`/${journey.locale}/signup$`));
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", journey.locale);
      await expectNoEnglish(page, journey.locale);

      const email = `funnel-${journey.locale}-${Date.now()}@test.example`;
      await page.getByLabel(t["signup.email"] ?? "").fill(email);
      await page.getByLabel(t["signup.name"] ?? "").fill("Tomasz");
      await page
        .getByLabel(t["signup.password"] ?? "", { exact: true })
        .fill("a long and unusual passphrase");
      const birth = page.getByRole("group", { name: t["signup.dateOfBirth"] });
      await birth.getByLabel(t["dateOfBirth.day"] ?? "").selectOption("14");
      const march = new Intl.DateTimeFormat(journey.locale, { month: "long" }).format(
        new Date(1990, 2, 14),
      );
      await birth.getByLabel(t["dateOfBirth.month"] ?? "").selectOption({ label: march });
      await birth.getByLabel(t["dateOfBirth.year"] ?? "").selectOption("1990");
      await page.getByRole("button", { name: t["signup.submit"] }).click();
      await expect(page.getByRole("heading", { name: t["signup.checkMail.title"] })).toBeVisible();
      await expectNoEnglish(page, journey.locale);

      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      const mail = page.locator("article.mail").first();
      await expect(mail.getByRole("heading")).toHaveText(
        (t["mail.activation.subject"] ?? "").replace("{site}", "Amora"),
      );
      await expectNoEnglish(mail.locator("pre"), journey.locale);
      await openMailLink(page, /\/api\/activate\.php\?token=/);
      await expect(page).toHaveURL(/\/activate\/done$/);
      await expect(
        page.getByRole("heading", { level: 1, name: t["activate.done.title"] }),
      ).toBeVisible();
      await expectNoEnglish(page, journey.locale);

      // Members who fit: first who the new member is, and whom they look for.
      await page.getByRole("link", { name: t["activate.done.overview.cta"] }).click();
      await expect(page).toHaveURL(/\/signup-matches$/);
      await expect(page.getByRole("list").filter({ has: page.locator(".quick-like") })).toHaveCount(
        0,
      );
      await expectNoEnglish(page, journey.locale);
      await page.getByRole("button", { name: t["signupMatches.show"] }).click();
      await expect(page.getByRole("alert")).toHaveText(t["signupMatches.askError"] ?? "");
      await page
        .getByRole("group", { name: t["wizard.gender"] })
        .getByRole("radio", { name: t["profile.gender.male"], exact: true })
        .check();
      await page
        .getByRole("group", { name: t["wizard.seeking"] })
        .getByRole("radio", { name: t["profile.seeking.female"], exact: true })
        .check();
      await page.getByRole("button", { name: t["signupMatches.show"] }).click();
      await expect(page.locator(".quick-like").first()).toBeVisible();
      await waitForHydration(page);
      await expectNoEnglish(page, journey.locale);
      // Every member offered is a woman.
      const props = await page
        .locator('astro-island[component-url*="QuickLikes"]')
        .getAttribute("props");
      const ids = (islandProp(props, "profiles") as { id: number }[]).map((card) => card.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const profile = await (await page.request.get(`/api/profile.php?id=${id}`)).json();
        expect(profile.gender, `profile ${id}`).toBe("female");
      }

      // The wizard, with the answers given, then the members.
      await page.getByRole("link", { name: t["signupMatches.continue"] }).click();
      await expect(page).toHaveURL(/\/profile(\?step=0)?$/);
      await waitForHydration(page);
      await expect(
        page.getByRole("radio", { name: t["profile.gender.male"], exact: true }),
      ).toBeChecked();
      await expectNoEnglish(page, journey.locale);
      await page.goto("/members");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", journey.locale);
      await expectNoEnglish(page, journey.locale);
      // The one refused answer: the matches' questions sent unanswered.
      expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    });
  });
}

test("every locale-prefixed page a visitor can build answers in its language (issue 29 item 1)", async ({
  page,
}) => {
  for (const path of ["/de/signup", "/de/login", "/pl/members", "/fi/pricing", "/pl/complaints"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", path.split("/")[1] ?? "");
  }
  // Remembered: the unprefixed pages after them are in the last language a link chose.
  await page.goto("/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  const missing = await page.goto("/de/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});
