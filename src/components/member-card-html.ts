import type { ProfileCard } from "../contract/profiles";
import { catalogues } from "../i18n/catalogues";
import { countryName } from "../i18n/countries";
import type { Locale } from "../i18n/locales";
import { createTranslate, type Translate } from "../i18n/translate";
import type MemberCard from "../islands/discovery/MemberCard";

/**
 * The member cards of a server-rendered page as HTML text, for MemberCardGrid.astro: the markup
 * of islands/discovery/MemberCard.tsx (which the islands that add cards render), made without
 * React. On /members React's render of 24–48 cards was most of the page's own work (issue 30
 * item 1: 1.3 of 7 ms of the main thread); this is a few string joins a card.
 * member-card-html.test.ts holds the two to the same bytes for every kind of card.
 */

/** React's escaping of text and attribute values, so both renders give the same bytes. */
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** What a card is told besides its member: MemberCard.tsx's own props. */
export type MemberCardOptions = Omit<Parameters<typeof MemberCard>[0], "card">;

/** One card, as MemberCard renders it. */
export function memberCardHtml(card: ProfileCard, options: MemberCardOptions): string {
  const { t, countryName, eager = false, prefetch = false, href, headingLevel = 3 } = options;
  const image = card.main_image;
  const photo = image
    ? `<img src="${escapeText(image.thumb)}" srcSet="${escapeText(`${image.thumb} 240w, ${image.match} 720w`)}" sizes="(min-width: 1200px) 220px, (min-width: 768px) 30vw, 50vw" width="240" height="300" alt="" loading="${eager ? "eager" : "lazy"}"${eager ? ' fetchPriority="high"' : ""} decoding="async"/>`
    : `<span class="member-card-nophoto" aria-hidden="true">${escapeText(card.name.slice(0, 1))}</span>`;
  const tags =
    (card.kind === "cam"
      ? `<span class="tag tag-live">${escapeText(t("members.partner.cam"))}</span>`
      : "") +
    (card.kind === "resell"
      ? `<span class="tag">${escapeText(t("members.partner.resell"))}</span>`
      : "") +
    (card.fictional ? `<span class="tag">${escapeText(t("members.fictional"))}</span>` : "");
  const name = `h${headingLevel}`;
  const place = card.region_name ? `${card.region_name}, ${countryName}` : countryName;
  return (
    `<article class="member-card"><a href="${escapeText(href ?? `/members/${card.id}`)}" class="member-card-link"${prefetch ? ' data-idle-prefetch=""' : ""}>` +
    `<div class="member-card-photo">${photo}<span class="member-card-tags">${tags}</span></div>` +
    `<div class="member-card-body"><${name} class="member-card-name">${escapeText(t("members.nameAge", { name: card.name, age: card.age }))}</${name}>` +
    `<p class="member-card-place">${escapeText(place)}</p></div></a></article>`
  );
}

export type MemberCardGridOptions = {
  cards: ProfileCard[];
  locale: Locale;
  /** The first this many cards load at once (above the fold). */
  eager?: number;
  /** The first this many are prefetched when the browser is idle (spec §9). */
  prefetch?: number;
  /** The list's id, for an island that appends to it (MoreMembers). */
  id?: string;
  /** Classes besides `card-grid`. */
  className?: string;
  /** A tag on every card, in `itemClassName` list items (the similar-results set). */
  tag?: string;
  itemClassName?: string;
  /** The cards' heading level. */
  headingLevel?: 2 | 3;
};

/** Each locale's translator for the cards, made once. */
const localeTranslators = new Map<Locale, Translate>();

/**
 * A list of cards, each in its list item. Its texts come from the islands' translator, which a
 * test holds to the server's i18next for every message (src/i18n/catalogues.test.ts): a card's
 * name and age is one replace there, where i18next's pipeline took half of the grid's time.
 */
export function memberCardGridHtml(options: MemberCardGridOptions): string {
  const { cards, locale, eager = 4, prefetch = 0, id, className, tag, itemClassName } = options;
  let t = localeTranslators.get(locale);
  if (!t) {
    t = createTranslate(locale, catalogues[locale]);
    localeTranslators.set(locale, t);
  }
  const item = itemClassName ? `<li class="${escapeText(itemClassName)}">` : "<li>";
  const tagHtml = tag ? `<span class="similar-tag">${escapeText(tag)}</span>` : "";
  let html = `<ol${id ? ` id="${escapeText(id)}"` : ""} class="${escapeText(className ? `card-grid ${className}` : "card-grid")}">`;
  cards.forEach((card, index) => {
    html += `${item}${tagHtml}${memberCardHtml(card, {
      t,
      countryName: countryName(locale, card.country),
      eager: index < eager,
      prefetch: index < prefetch,
      headingLevel: options.headingLevel,
    })}</li>`;
  });
  return `${html}</ol>`;
}
