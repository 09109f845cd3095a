import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProfileCard } from "../contract/profiles";
import { catalogues } from "../i18n/catalogues";
import type { Locale } from "../i18n/locales";
import { createTranslate } from "../i18n/translate";
import MemberCard from "../islands/discovery/MemberCard";
import { memberCardGridHtml, memberCardHtml } from "./member-card-html";

const photo = {
  id: 7,
  filename: "a.webp",
  thumb_filename: "a-thumb.webp",
  status: "active" as const,
  match: "/media/a-match.webp?exp=1&sig=x'y",
  thumb: "/media/a-thumb.webp?exp=1&sig=x'y",
  large: "/media/a.webp?exp=1&sig=x'y",
  width: 720,
  height: 900,
};

/** Every branch of a card: photo or none, each kind, fictional, region, names that need escaping. */
const CARDS: ProfileCard[] = [
  {
    id: 1,
    name: "Anna",
    age: 31,
    country: "de",
    region: "DE-BY",
    region_name: "Bayern",
    kind: "member",
    fictional: false,
    main_image: photo,
  },
  {
    id: 2,
    name: `<Zoë & "Jo">`,
    age: 44,
    country: "nl",
    region: null,
    region_name: null,
    kind: "cam",
    fictional: false,
    main_image: null,
  },
  {
    id: 3,
    name: "O'Brien",
    age: 27,
    country: "ie",
    region: null,
    region_name: "Co. Cork & Kerry",
    kind: "resell",
    fictional: true,
    main_image: photo,
  },
  {
    id: 4,
    name: "Łucja",
    age: 52,
    country: "pl",
    region: null,
    region_name: null,
    kind: "member",
    fictional: true,
    main_image: null,
  },
];

describe("member cards as HTML text", () => {
  for (const locale of ["en", "de", "pl"] as Locale[]) {
    it(`are MemberCard's bytes, every branch (${locale})`, () => {
      const t = createTranslate(locale, catalogues[locale]);
      for (const card of CARDS) {
        for (const variant of [
          {},
          { eager: true, prefetch: true, headingLevel: 2 as const },
          { href: "/members/4/landing?x=1&y=2", headingLevel: 3 as const },
        ]) {
          const options = { t, countryName: `Land ${card.country} & co`, ...variant };
          // React adds a preload hint for a high-priority image, which the page's renderer
          // leaves out (src/server/lib/react-renderer.ts).
          const react = renderToStaticMarkup(<MemberCard card={card} {...options} />);
          expect(memberCardHtml(card, options)).toBe(react.replace(/^<link [^>]*>/, ""));
        }
      }
    });
  }

  it("come in a list: its id and classes, the first cards eager and prefetched, a tag each", () => {
    const t = createTranslate("de", catalogues.de);
    const html = memberCardGridHtml({
      cards: CARDS,
      locale: "de",
      eager: 1,
      prefetch: 2,
      id: "search-results",
      className: "search-results",
      headingLevel: 2,
    });
    expect(
      html.startsWith('<ol id="search-results" class="card-grid search-results"><li><article'),
    ).toBe(true);
    expect(html.endsWith("</article></li></ol>")).toBe(true);
    expect(html.match(/<li>/g)).toHaveLength(4);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html.match(/data-idle-prefetch/g)).toHaveLength(2);
    expect(html.match(/<h2 /g)).toHaveLength(4);
    // The country in the page's language.
    expect(html).toContain("Bayern, Deutschland");
    expect(html).toContain("Niederlande");

    const tagged = memberCardGridHtml({
      cards: CARDS.slice(0, 1),
      locale: "de",
      eager: 0,
      tag: "Ähnlich",
      itemClassName: "similar-result",
    });
    expect(tagged).toBe(
      `<ol class="card-grid"><li class="similar-result"><span class="similar-tag">Ähnlich</span>${memberCardHtml(CARDS[0] as ProfileCard, { t, countryName: "Deutschland" })}</li></ol>`,
    );
  });
});
