import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "../../i18n/locales";
import { defaultSite, getSiteById } from "../sites/registry";
import { extractFaq, fillLegalText, getTermsDate, renderLegalHtml } from "./legal";
import { isAllowedLegalLink, LEGAL_PLACEHOLDERS, renderLegalMarkdown } from "./legal-markdown";
import { contentDocuments } from "./pages";

const contentDir = join(import.meta.dirname, "../../content/legal");

describe("fillLegalText", () => {
  it("fills the title and search description as plain text, the body as HTML", () => {
    const text = fillLegalText(
      {
        title: "{{site_name}} FAQ",
        description: "Answers from {{site_name}}: write to {{support_email}}.",
        html: "<p>{{site_name}}</p>",
      },
      getSiteById("herzklopfen"),
      "de",
    );
    expect(text.title).toBe("Herzklopfen FAQ");
    expect(text.description).toBe("Answers from Herzklopfen: write to hilfe@herzklopfen.example.");
    expect(text.html).toBe("<p>Herzklopfen</p>");
  });

  it("leaves no placeholder in any text's title or description, in any language", async () => {
    for (const locale of locales) {
      for (const document of contentDocuments) {
        const markdown = readFileSync(join(contentDir, locale, `${document}.md`), "utf8");
        const text = fillLegalText(await renderLegalMarkdown(markdown), defaultSite, locale);
        expect(`${text.title} ${text.description}`, `${locale}/${document}`).not.toMatch(/\{\{/);
      }
    }
  });
});

describe("renderLegalHtml", () => {
  it("fills placeholders with the site's values, escaped, and cleans the support phone (spec §9)", () => {
    const html = renderLegalHtml(
      "<p>{{site_name}} · {{company_name}} · {{support_phone}} · {{support_email}} · {{refund_days}}</p>",
      defaultSite,
      "en",
    );
    expect(html).toBe(
      '<p>Amora · Amora Media B.V. · <a href="tel:+31201234567">+31201234567</a> · <a href="mailto:support@amora.example">support@amora.example</a> · 14</p>',
    );
  });

  it("uses the other site's brand and the language's date and country names", () => {
    const html = renderLegalHtml(
      "<p>{{site_name}}, {{company_country}}, {{terms_date}}</p>",
      getSiteById("herzklopfen"),
      "de",
    );
    expect(html).toBe("<p>Herzklopfen, Niederlande, 15. März 2024</p>");
  });

  it("points links to other texts and to member pages at the same language, and leaves other links alone", () => {
    const html = renderLegalHtml(
      '<a href="/privacy">x</a> <a href="/faq#account">y</a> <a href="/notifications">z</a> <a href="/pricingx">w</a>',
      defaultSite,
      "fi",
    );
    expect(html).toBe(
      '<a href="/fi/privacy">x</a> <a href="/fi/faq#account">y</a> <a href="/fi/notifications">z</a> <a href="/pricingx">w</a>',
    );
  });
});

describe("getTermsDate (spec §9)", () => {
  it("is 1 December 2023, or the company's added date when later", () => {
    expect(getTermsDate({ added: "2022-05-01" })).toBe("2023-12-01");
    expect(getTermsDate({ added: "2024-03-15" })).toBe("2024-03-15");
  });
});

describe("extractFaq", () => {
  it("pairs each ### question with the text below it, for the FAQPage structured data", () => {
    const faq = extractFaq(
      '<h2 id="a">Start</h2><h3 id="q1">Is it free?</h3><p>Yes, <a href="/x">joining</a> is free.</p><h3>Can I undo it?</h3><p>For 14 days.</p><ul><li>Really.</li></ul><h2>Next</h2>',
    );
    expect(faq).toEqual([
      { question: "Is it free?", answer: "Yes, joining is free." },
      { question: "Can I undo it?", answer: "For 14 days. Really." },
    ]);
  });
});

describe("the legal texts in src/content/legal (editors' files)", () => {
  const files = locales.flatMap((locale) =>
    contentDocuments.map((document) => `${locale}/${document}.md`),
  );
  // The names the site fills in (any other {{name}} would show as typed), and the links the
  // texts may hold: the rules editors' versions keep too (legal-markdown.ts, decision 0013).
  const placeholderNames = LEGAL_PLACEHOLDERS;

  it("exist for every language, plus the US privacy text", () => {
    const present = new Set(
      locales.flatMap((locale) =>
        readdirSync(join(contentDir, locale)).map((file) => `${locale}/${file}`),
      ),
    );
    expect(files.filter((file) => !present.has(file))).toEqual([]);
    expect(readdirSync(join(contentDir, "en-US"))).toContain("privacy.md");
  });

  it.each([...files, "en-US/privacy.md"])(
    "%s uses only known placeholders and links",
    async (file) => {
      const text = readFileSync(join(contentDir, file), "utf8");
      const placeholders = [...text.matchAll(/\{\{([^}]*)\}\}/g)].map((match) => match[1]);
      expect(placeholders.filter((name) => !placeholderNames.includes(name ?? ""))).toEqual([]);
      const links = [...text.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1] ?? "");
      expect(links.filter((link) => !isAllowedLegalLink(link))).toEqual([]);
      expect(text).not.toMatch(/ec\.europa\.eu\/consumers\/odr/);
      // The whole rule set an editor's version is checked with passes too.
      await expect(renderLegalMarkdown(text)).resolves.toMatchObject({ html: expect.any(String) });
    },
  );

  it("states the terms version date in every language", () => {
    for (const locale of locales) {
      expect(readFileSync(join(contentDir, locale, "terms.md"), "utf8")).toContain(
        "{{terms_date}}",
      );
    }
  });
});
