import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn } from "./helpers";

// design §10: hostile values in page URLs get the error page (404, in the visitor's language),
// never a 500 and never a page that streams an error after a 200.

const HOSTILE_IDS = [
  "2147483648",
  "9223372036854775808",
  "99999999",
  "0",
  "-1",
  "1.5",
  "1e3",
  "007",
  "abc",
  "%00",
  "%E0%A4%A",
  "%ZZ",
];
const ID_PAGES = [
  "/members/{id}",
  "/likes/m/{id}",
  "/members/{id}/landing",
  "/members/{id}/signup",
];

async function readInGerman(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "locale", value: "de", url: baseURL ?? "" }]);
}

async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  expect(response.status(), path).toBe(404);
  expect(html, path).toContain('<html lang="de"');
  expect(html, path).toContain("Diese Seite wurde nicht gefunden");
}

async function profileIdOf(page: Page): Promise<number> {
  const { user } = (await (await page.request.get("/api/user.php")).json()) as {
    user: { profile: { id: number } };
  };
  return user.profile.id;
}

test.describe("pages with an id", () => {
  for (const pattern of ID_PAGES) {
    test(`${pattern} answers hostile ids with the 404 page`, async ({ page, baseURL }) => {
      await readInGerman(page, baseURL);
      for (const id of HOSTILE_IDS) await expectNotFoundPage(page, pattern.replace("{id}", id));
    });
  }

  test("a missing member's profile is the 404 page, for visitors and members", async ({
    page,
    baseURL,
    createMember,
  }) => {
    await readInGerman(page, baseURL);
    await expectNotFoundPage(page, "/members/2147483647");
    await expectNotFoundPage(page, "/likes/m/2147483647");
    await signIn(page, await createMember());
    await expectNotFoundPage(page, "/members/2147483647");
    await expectNotFoundPage(page, "/likes/m/2147483647");
  });

  test("the profile of a member who blocked the viewer is the 404 page", async ({
    page,
    browser,
    baseURL,
    createMember,
  }) => {
    await signIn(page, await createMember());
    const blocker = await browser.newPage();
    await signIn(blocker, await createMember({ label: "blocker" }));
    const block = await blocker.request.post("/api/block.php", {
      data: { id: await profileIdOf(page) },
    });
    expect(block.status()).toBe(200);

    await readInGerman(page, baseURL);
    const blockerId = await profileIdOf(blocker);
    await expectNotFoundPage(page, `/members/${blockerId}`);
    await expectNotFoundPage(page, `/likes/m/${blockerId}`);
    // The blocker still sees the blocked member's profile, with an unblock button.
    expect((await blocker.request.get(`/members/${await profileIdOf(page)}`)).status()).toBe(200);
    await blocker.close();
  });
});

test.describe("malformed percent-encoding", () => {
  test("pages answer with the 404 page", async ({ page, baseURL }) => {
    await readInGerman(page, baseURL);
    for (const path of ["/%ZZ", "/members/%E0%A4%A", "/de/%E0%A4%A", "/a%"]) {
      await expectNotFoundPage(page, path);
    }
  });

  test("a malformed query leaves a page's filters out, as any other bad value", async ({
    page,
  }) => {
    const response = await page.request.get("/members?min_age=%ZZ&gender=%E0%A4%A");
    expect(response.status()).toBe(200);
  });

  test("the API answers with its JSON error", async ({ request }) => {
    const query = await request.get("/api/search.php?gender=%E0%A4%A");
    expect(query.status()).toBe(422);
    expect((await query.json()).fields.gender).toBeTruthy();
    const path = await request.get("/api/%ZZ");
    expect(path.status()).toBe(404);
    expect(await path.json()).toMatchObject({ error: "not_found" });
    const media = await request.get("/media/%E0%A4%A");
    expect(media.status()).toBe(404);
  });
});

test("member landings with an unknown or hostile slug show everyone, never an error", async ({
  request,
}) => {
  // An ad's link must not end on an error page: an unknown slug shows every member.
  for (const path of [
    "/landing2/2147483648",
    "/landing2/%ZZ",
    "/landing3/%E0%A4%A",
    "/landing3/-1",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).not.toContain("Internal server error");
  }
});
