import { loadRenderers } from "astro:container";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import ErrorPage from "../components/ErrorPage.astro";
import type { UserView } from "../contract/users";
import type { Locale } from "../i18n/locales";
import { localeAlternates } from "../i18n/urls";
import { type Database, getDb } from "../server/db/client";
import { getTranslate } from "../server/lib/i18n";
import { createMediaSigner } from "../server/photos/media-url";
import { defaultSite } from "../server/sites/registry";
import { getPublicSettings } from "../server/sites/service";
import { testProviders } from "../test/providers";
import { reactRenderer } from "../test/react-renderer";
import Chat from "./Chat.astro";
import Default from "./Default.astro";
import Empty from "./Empty.astro";
import Lander from "./Lander.astro";

let container: AstroContainer;

beforeAll(async () => {
  db = await getDb();
  container = await AstroContainer.create({
    renderers: await loadRenderers([reactRenderer()]),
  });
});

let db: Database;

function locals(locale: Locale) {
  return {
    db,
    site: defaultSite,
    client: { address: "192.0.2.1", isHttps: false },
    locale,
    t: getTranslate(locale),
    settings: getPublicSettings(defaultSite, { locale, geoipCountry: null }),
    user: null,
    viewer: null,
    media: createMediaSigner(defaultSite, null),
    providers: testProviders(),
    member: null,
    preferences: null,
    hasTrafficSource: false,
    timeZone: "UTC",
  };
}

const slots = { default: "<p>Seiteninhalt</p>" };

const memberView = {
  id: 1,
  email: "member@example.com",
  status: "confirmed",
  credits: 0,
  paid_user: false,
  signup_date: "2026-01-01T00:00:00.000Z",
  language: "en",
  notifications_disabled: [],
  profile: null,
} as unknown as UserView;

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

  it("Default: the shell is one island, which sends the member once (issue 30 item 1)", async () => {
    const islandsOf = (html: string) =>
      [...html.matchAll(/<astro-island [^>]*component-url="([^"]*)"/g)].map((m) => m[1] ?? "");
    const visitor = await container.renderToString(Default, {
      props: { title: "Start" },
      locals: locals("de"),
      slots,
    });
    // The shell, and the signup dialog of a visitor who may sign up.
    expect(islandsOf(visitor)).toEqual([
      expect.stringMatching(/Shell/),
      expect.stringMatching(/SignupModal/),
    ]);
    // A visitor's shell has the toasts, but neither a member's dialogs nor their messages.
    expect(visitor).toContain('class="toaster"');
    expect(visitor).not.toContain("match.title");
    const member = await container.renderToString(Default, {
      props: { title: "Mitglieder" },
      locals: { ...locals("de"), member: memberView },
      slots,
    });
    const shells = islandsOf(member).filter((url) => /Shell/.test(url));
    expect(shells).toHaveLength(1);
    expect(member).toContain('aria-label="Hauptnavigation"');
    expect(member).toContain("match.title");
    // The member's address, in the navigation's and the offer's props alike, once.
    expect(member.split("member@example.com").length - 1).toBe(1);
  });

  it("Lander: a logo bar with plain language links, footer and disclaimer, and no islands", async () => {
    const html = await container.renderToString(Lander, {
      props: { title: "Willkommen", alternates: localeAlternates("/landers/video") },
      locals: locals("de"),
      slots,
    });
    expect(html).toContain('class="brand"');
    expect(html).toContain('<a href="/fr/landers/video" hreflang="fr"');
    expect(html).toContain("Amora ist ein Online-Dating- und Chatdienst");
    expect(html).toContain('id="entry-warning"');
    expect(html).toContain('id="cookie-notice"');
    expect(html).not.toContain("<astro-island");
  });

  it("Chat: the site's navigation, no footer; the entry warning only for NL and DE", async () => {
    const english = await container.renderToString(Chat, {
      props: { title: "Chat" },
      locals: locals("en"),
      slots,
    });
    expect(english).toContain("Seiteninhalt");
    // The navigation stays on a desktop (issue 29 item 9); the conversation fills the rest.
    expect(english).toContain('<nav class="topnav-inner');
    expect(english).toMatch(/<main id="main"[^>]* class="chat-layout"/);
    expect(english).not.toContain("<footer");
    expect(english).not.toContain('id="entry-warning"');
    const dutch = await container.renderToString(Chat, {
      props: { title: "Chat" },
      locals: locals("nl"),
      slots,
    });
    expect(dutch).toContain('id="entry-warning"');
    // Chat is for members: the warning is for members in the Netherlands and Germany, by their
    // profile's country whatever the page's language (issue 29 item 20).
    const inGermany = await container.renderToString(Chat, {
      props: { title: "Chat" },
      locals: {
        ...locals("en"),
        member: { ...memberView, profile: { country: "de" } } as unknown as UserView,
      },
      slots,
    });
    expect(inGermany).toMatch(/<dialog id="entry-warning"[^>]* data-members/);
    const inFrance = await container.renderToString(Chat, {
      props: { title: "Chat" },
      locals: {
        ...locals("de"),
        member: { ...memberView, profile: { country: "fr" } } as unknown as UserView,
      },
      slots,
    });
    expect(inFrance).not.toContain('id="entry-warning"');
  });
});

describe("the footer and entry warning (spec §2 Default layout)", () => {
  it("links every legal page in the visitor's language, and the US variant only for English", async () => {
    const german = await container.renderToString(Default, {
      props: { title: "Start" },
      locals: locals("de"),
      slots,
    });
    for (const href of [
      "/de/terms",
      "/de/privacy",
      "/de/cookies",
      "/de/ban",
      "/de/pricing",
      "/de/complaints",
      "/de/return-policy",
      "/de/faq",
      "/de/service",
    ]) {
      expect(german).toContain(`href="${href}"`);
    }
    expect(german).not.toContain("/en-US/privacy");
    const english = await container.renderToString(Default, {
      props: { title: "Home" },
      locals: locals("en"),
      slots,
    });
    expect(english).toContain('href="/en-US/privacy"');
    expect(english).toContain("Do Not Sell or Share My Personal Information");
  });

  it("shows the entry warning to visitors, not to members, and not while resetting a password", async () => {
    const visitor = await container.renderToString(Default, {
      props: { title: "Home" },
      locals: locals("en"),
      slots,
    });
    expect(visitor).toContain('id="entry-warning"');
    const member = await container.renderToString(Default, {
      props: { title: "Home" },
      locals: { ...locals("en"), member: memberView },
      slots,
    });
    expect(member).not.toContain('id="entry-warning"');
    expect(member).toContain('<html lang="en" dir="ltr" data-member');
    const reset = await container.renderToString(Default, {
      props: { title: "Reset" },
      locals: locals("en"),
      slots,
      request: new Request("http://localhost/reset-password"),
    });
    expect(reset).not.toContain('id="entry-warning"');
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
    expect(html).toContain('href="/en/"');
  });

  it("shows the message of another error, 'Error' by default, and no home link", async () => {
    const fallback = await container.renderToString(ErrorPage, {
      props: { status: 500 },
      locals: locals("en"),
    });
    expect(fallback).toMatch(/<h1[^>]*>Error<\/h1>/);
    expect(fallback).not.toContain('href="/en/"');
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
