import type { APIRequestContext } from "@playwright/test";
import { locales } from "../../src/i18n/locales";
import { legalDocuments, listLanderKeys } from "../../src/server/content/pages";
import { expect, test } from "./fixtures";

const documents = legalDocuments;
const landers = listLanderKeys();
// A catalogue key shown as text ("lander.cta") or an editor's placeholder left unfilled.
const RAW_KEY =
  /\b(?:lander|landing|footer|complaints|pricing|memberLanding|cookieNotice|entryWarning|langConfig|nav|common|signup|error|validation|profile)\.[a-z]\w*/;
// English sentences that must not appear in another language's page (a missing translation).
const ENGLISH = [
  "Join free now",
  "is an online dating and chat service",
  "Skip to content",
  "Terms of use",
];

function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
}

async function expectTranslatedPage(
  request: APIRequestContext,
  path: string,
  locale: string,
  cookie?: string,
) {
  const response = await request.get(path, {
    headers: cookie ? { cookie } : {},
    maxRedirects: 0,
  });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  expect(html, path).toContain(`<html lang="${locale}"`);
  const text = visibleText(html);
  expect(text.match(RAW_KEY)?.[0] ?? null, `${path} shows a key`).toBeNull();
  // Anywhere in the page: the title and the search description too (issue 29 item 7).
  expect(html.match(/.{0,60}\{\{.{0,40}/)?.[0] ?? null, `${path} keeps a placeholder`).toBeNull();
  if (locale !== "en") {
    for (const sentence of ENGLISH) expect(text, `${path} (${locale})`).not.toContain(sentence);
  }
}

test.describe("public pages in every language (design §5)", () => {
  // One test per language, so parallel workers share the ~900 pages.
  for (const locale of locales) {
    test(`every legal page and lander answers at /${locale}/… in its language`, async ({
      request,
    }) => {
      test.setTimeout(120_000);
      for (const page of [...documents, ...landers]) {
        await expectTranslatedPage(request, `/${locale}/${page}`, locale);
      }
      if (locale === "en") await expectTranslatedPage(request, "/en-US/privacy", "en");
    });

    test(`unprefixed paths serve the locale cookie's language (${locale}) with no redirect`, async ({
      request,
      createMember,
    }) => {
      test.setTimeout(120_000);
      const memberId = (await createMember({ gender: "female", photos: 1 })).profile_id;
      const paths = [
        "/terms",
        "/privacy",
        "/cookies",
        "/faq",
        "/return-policy",
        "/service",
        "/ban",
        "/landers/video/women",
        "/landers/tinderswipe",
        "/complaints",
        "/pricing",
        "/lang-config",
        "/account-deleted",
        `/members/${memberId}/landing`,
        `/members/${memberId}/signup`,
        "/landing2",
        "/landing2/women",
        "/landing3",
        "/landing3/men",
      ];
      for (const path of paths) {
        await expectTranslatedPage(request, path, locale, `locale=${locale}`);
      }
    });
  }

  test("the same URL is the Herzklopfen site on its own host", async ({ request, baseURL }) => {
    const german = await request.get(`${baseURL?.replace("localhost", "127.0.0.1")}/terms`);
    const html = await german.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Herzklopfen");
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:4321/de/terms"');
  });

  test("canonical, hreflang for 11 languages and x-default, Open Graph, and FAQ structured data", async ({
    request,
  }) => {
    const html = await (await request.get("/fr/faq")).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/fr/faq"');
    expect(html.match(/<link rel="alternate" hreflang="[a-z]{2}"/g)).toHaveLength(11);
    expect(html).toContain('hreflang="x-default" href="http://localhost:4321/en/faq"');
    expect(html).toContain('<meta property="og:title"');
    const data = JSON.parse(
      html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "{}",
    );
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.length).toBeGreaterThanOrEqual(14);
    expect(data.mainEntity[0].name).toMatch(/\?$/);
    const privacy = await (await request.get("/en/privacy")).text();
    expect(privacy).toContain('hreflang="en-US" href="http://localhost:4321/en-US/privacy"');
  });

  test("robots.txt, the sitemap and the web app manifest answer per site", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Sitemap: http://localhost:4321/sitemap.xml");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    // Booleans, so a failure does not print half a megabyte of XML.
    expect(sitemap.includes("<loc>http://localhost:4321/de/terms</loc>")).toBe(true);
    expect(
      sitemap.includes(
        '<xhtml:link rel="alternate" hreflang="pl" href="http://localhost:4321/pl/landers/video/women"/>',
      ),
    ).toBe(true);
    expect(sitemap.includes("<loc>http://localhost:4321/sv/</loc>")).toBe(true);
    expect(sitemap.includes("/prerendered/")).toBe(false);
    const manifest = await (
      await request.get("/manifest.webmanifest", { headers: { cookie: "locale=de" } })
    ).json();
    expect(manifest).toMatchObject({ name: "Amora", display: "standalone", lang: "de" });
  });

  test("a short link goes to its target; an unknown one is a 404", async ({ request }) => {
    const known = await request.get("/DemoLink", { maxRedirects: 0 });
    expect(known.status()).toBe(302);
    expect(known.headers().location).toBe("/landers/tinderswipe?network=newsletter&ref=demo-link");
    const unknown = await request.get("/Zq7mK2pX", { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("This page could not be found");
  });
});
