import { expect, type Page, test } from "@playwright/test";
import { makePhoneJpeg } from "../../src/test/images";
import {
  collectConsoleErrors,
  createActivatedMember,
  expectAccessible,
  PREMIUM,
  signIn,
  waitForHydration,
} from "./helpers";

type Detail = { id: number; name: string; photos: unknown[] };

/** A member with at least four photos, found through the API as a premium member sees them. */
async function findMemberWithPhotos(page: Page): Promise<Detail> {
  const { profiles } = (await (await page.request.get("/api/search.php?country=gb")).json()) as {
    profiles: { id: number }[];
  };
  for (const { id } of profiles) {
    const detail = (await (await page.request.get(`/api/profile.php?id=${id}`)).json()) as Detail;
    if (detail.photos.length >= 4) return detail;
  }
  throw new Error("no member with four photos in the demo");
}

test.describe("the profile wizard", () => {
  test("a new member completes every step, with a photo upload", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await createActivatedMember(page);

    // Without a main photo, member pages ask for one (spec §9) until dismissed.
    await page.goto("/members");
    await waitForHydration(page);
    const alert = page.getByRole("complementary", { name: "Add a photo" });
    await expect(alert).toBeVisible();

    await page.goto("/profile");
    await waitForHydration(page);
    await expect(page.getByRole("complementary", { name: "Add a photo" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "About you" })).toBeVisible();
    await page.getByRole("radio", { name: "Woman" }).check();
    await page.getByRole("radio", { name: "Men", exact: true }).check();
    await page.getByLabel("Country").selectOption("de");
    await page.getByLabel("Region").selectOption({ label: "Bayern" });
    await page.getByRole("button", { name: "Save and continue" }).click();

    const appearance = page.getByRole("heading", { level: 2, name: "Appearance" });
    await expect(appearance).toBeFocused();
    await page.getByLabel("Hair colour").selectOption({ label: "Brown" });
    await page.getByLabel("Height in cm").fill("172");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(
      page.getByRole("heading", { level: 2, name: "Relationship and interests" }),
    ).toBeFocused();
    await page.getByLabel("Relationship status").selectOption({ label: "Single" });
    await page.getByRole("checkbox", { name: "Hiking" }).check();
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page.getByRole("heading", { level: 2, name: "In your own words" })).toBeFocused();
    // A too short text is refused and stays in the field.
    await page.getByLabel("About me").fill("Hi");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(
      page.getByText("Write at least 10 characters, or leave this empty."),
    ).toBeVisible();
    await expect(page.getByLabel("About me")).toHaveValue("Hi");
    await page.getByLabel("About me").fill("I love mountain walks and <b>good</b> coffee.");
    await page.getByRole("button", { name: "Save and continue" }).click();

    // The wizard resumes where the member left off after a reload.
    await expect(page.getByRole("heading", { level: 2, name: "Photos" })).toBeFocused();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Photos" })).toBeVisible();
    await expect(page.getByText("You have no photos yet.")).toBeVisible();
    await page.getByLabel("Add a photo").setInputFiles({
      name: "from-my-phone.jpg",
      mimeType: "image/jpeg",
      buffer: await makePhoneJpeg(800, 600),
    });
    await expect(page.getByText("Your photo was added.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Your photo 1" })).toBeVisible();
    await expect(page.getByText("Main photo", { exact: true })).toBeVisible();
    await expect(page.getByText("1 of 3 photos")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Finish" }).click();

    await expect(page.getByRole("heading", { name: "Your profile is ready" })).toBeFocused();
    await page.getByRole("link", { name: "View my profile" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Alex");
    await expect(page.getByText("This is how other members see your profile.")).toBeVisible();
    const highlights = page.getByRole("list", { name: "At a glance" });
    await expect(highlights).toContainText("Bayern");
    await expect(highlights).toContainText("Single");
    await expect(highlights).toContainText("172 cm");
    // Rendered as text, never as HTML (design §10).
    await expect(page.getByText("I love mountain walks and <b>good</b> coffee.")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Add a photo" })).toHaveCount(0);
    // The one refused save (the too short text) is the only failed request.
    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
  });

  test("fills in country and region from the browser's position", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 52.23, longitude: 21.01 });
    await createActivatedMember(page);
    await page.goto("/profile?step=0");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByText("Found: Mazowieckie, Poland. Check it and save.")).toBeVisible();
    await expect(page.getByLabel("Country")).toHaveValue("pl");
    await expect(page.getByLabel("Region")).toHaveValue("PL-14");
  });
});

test.describe("locked photos on the profile screen", () => {
  test("a free member sees blurred locked photos and a premium call", async ({ page }) => {
    await signIn(page, PREMIUM);
    const member = await findMemberWithPhotos(page);
    await page.request.post("/api/logout.php");
    await signIn(page);
    await page.goto(`/members/${member.id}`);
    await waitForHydration(page);
    const locked = page.getByRole("button", { name: "Locked photo" });
    await expect(locked).toHaveCount(member.photos.length - 2);
    // The thumbnails are the server's blurred stand-ins, never the photos themselves.
    for (const src of await locked
      .locator("img")
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))) {
      expect(src).toMatch(/\/media\/b\//);
    }
    await expect(page.getByRole("link", { name: "Go premium" })).toHaveAttribute(
      "href",
      "/premium",
    );
    await locked.first().click();
    await expect(page.getByRole("dialog", { name: "Go premium" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(locked.first()).toBeFocused();
  });

  test("a premium member sees every photo and browses them in the gallery", async ({ page }) => {
    await signIn(page, PREMIUM);
    const member = await findMemberWithPhotos(page);
    await page.goto(`/members/${member.id}`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Locked photo" })).toHaveCount(0);
    await page.getByRole("button", { name: `Open photo 2 of ${member.photos.length}` }).click();
    const gallery = page.getByRole("dialog", { name: `Photos of ${member.name}` });
    await expect(gallery.getByRole("img", { name: `Photo 2 of ${member.name}` })).toBeInViewport();
    await page.keyboard.press("ArrowRight");
    await expect(gallery.getByRole("img", { name: `Photo 3 of ${member.name}` })).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(gallery).toBeHidden();
  });

  test("a visitor is asked to log in for more photos", async ({ page }) => {
    const member = await findMemberWithPhotos(page);
    await page.goto(`/members/${member.id}`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Locked photo" })).toHaveCount(
      member.photos.length - 1,
    );
    await page.getByRole("button", { name: "Locked photo" }).first().click();
    await expect(page.getByRole("dialog", { name: "Log in to see all photos" })).toBeVisible();
  });
});

test.describe("blocking", () => {
  test("blocks and unblocks a member, who loses and regains the blocker's profile", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The member to block, in a browser session of their own.
    const other = await playwright.request.newContext({ baseURL });
    const email = `blocked-${Date.now()}@test.example`;
    await other.post("/api/signup.php", {
      data: {
        email,
        name: "Robin",
        password: "another long passphrase",
        date_of_birth: "1988-02-03",
      },
    });
    const mailbox = await (await other.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    const link = /href="([^"]*\/api\/activate\.php\?token=[^"]+)"/.exec(mailbox)?.[1] ?? "";
    await other.get(link.replaceAll("&amp;", "&"));
    const { user } = (await (await other.get("/api/user.php")).json()) as {
      user: { profile: { id: number } };
    };

    await createActivatedMember(page);
    const { user: me } = (await (await page.request.get("/api/user.php")).json()) as {
      user: { profile: { id: number } };
    };
    await page.goto(`/members/${user.profile.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Block Robin?" });
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(
      page.getByText("You have blocked Robin. They cannot see your profile or contact you."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a gift" })).toHaveCount(0);
    expect((await other.get(`/api/profile.php?id=${me.profile.id}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Unblock" }).click();
    await expect(page.getByText("Robin is no longer blocked.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Like" })).toBeVisible();
    expect((await other.get(`/api/profile.php?id=${me.profile.id}`)).status()).toBe(200);
    await other.dispose();
  });
});
