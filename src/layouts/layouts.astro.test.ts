import { loadRenderers } from "astro:container";
import { getContainerRenderer } from "@astrojs/react/container-renderer";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import ErrorPage from "../components/ErrorPage.astro";
import type { Locale } from "../i18n/locales";
import { type Database, getDb } from "../server/db/client";
import { getTranslate } from "../server/lib/i18n";
import { defaultSite } from "../server/sites/registry";
import { getPublicSettings } from "../server/sites/service";
import Chat from "./Chat.astro";
import Default from "./Default.astro";
import Empty from "./Empty.astro";
import Lander from "./Lander.astro";

let container: AstroContainer;

beforeAll(async () => {
  db = await getDb();
  container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
  });
});

let db: Database;

function locals(locale: Locale) {
  return {
    db,
    site: defaultSite,
    locale,
    t: getTranslate(locale),
    settings: getPublicSettings(defaultSite, { locale, geoipCountry: null }),
    user: null,
    member: null,
    hasTrafficSource: false,
  };
}

const slots = { default: "<p>Seiteninhalt</p>" };

describe("layouts (spec §2)", () => {
  it("Default: top navigation, the page, footer with disclaimer, in the visitor's language", async () => {
    const html = await container.renderToString(Default, {
      props: { title: "Mitglieder" },
      locals: locals("de"),
      slots,
    });
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("<title>Mitglieder – Amora</title>");
    expect(html).toContain('aria-label="Hauptnavigation"');
    expect(html).toContain("Seiteninhalt");
    expect(html).toContain("Amora ist ein Online-Dating- und Chatdienst");
    expect(html).toContain("Zum Inhalt springen");
  });

  it("Lander: a logo bar, footer and disclaimer, and no islands", async () => {
    const html = await container.renderToString(Lander, {
      props: { title: "Willkommen" },
      locals: locals("de"),
      slots,
    });
    expect(html).toContain('class="brand"');
    expect(html).toContain("Amora ist ein Online-Dating- und Chatdienst");
    expect(html).not.toContain("<astro-island");
  });

  it("Chat: bare, without navigation or footer", async () => {
    const html = await container.renderToString(Chat, {
      props: { title: "Chat" },
      locals: locals("en"),
      slots,
    });
    expect(html).toContain("Seiteninhalt");
    expect(html).not.toContain("<nav");
    expect(html).not.toContain("<footer");
  });

  it("Empty: the page alone", async () => {
    const html = await container.renderToString(Empty, {
      props: { title: "Leer" },
      locals: locals("sv"),
      slots,
    });
    expect(html).toContain('<html lang="sv"');
    expect(html).not.toContain("<nav");
  });
});

describe("the error page (spec §8)", () => {
  it("shows 404 'This page could not be found' with a link home", async () => {
    const html = await container.renderToString(ErrorPage, {
      props: { status: 404 },
      locals: locals("en"),
    });
    expect(html).toContain("This page could not be found");
    expect(html).toContain('href="/"');
  });

  it("shows the message of another error, 'Error' by default, and no home link", async () => {
    const fallback = await container.renderToString(ErrorPage, {
      props: { status: 500 },
      locals: locals("en"),
    });
    expect(fallback).toMatch(/<h1[^>]*>Error<\/h1>/);
    expect(fallback).not.toContain('href="/"');
    const translated = await container.renderToString(ErrorPage, {
      props: { status: 500 },
      locals: locals("fi"),
    });
    expect(translated).toMatch(/<h1[^>]*>Virhe<\/h1>/);
    const withMessage = await container.renderToString(ErrorPage, {
      props: { status: 503, message: "Service unavailable" },
      locals: locals("en"),
    });
    expect(withMessage).toMatch(/<h1[^>]*>Service unavailable<\/h1>/);
  });
});
