import { countryName } from "../../i18n/countries";
import type { Locale } from "../../i18n/locales";
import { escapeHtml } from "../lib/html";
import { type Company, getCompany, type Site } from "../sites/registry";
import { getCompanyInfo } from "../sites/service";
import { legalDocuments } from "./pages";

/** spec §9: the terms are of 1 December 2023, or of the company's added date if later. */
const TERMS_BASE_DATE = "2023-12-01";

/** spec §1, §9 constants the texts quote. */
const FREE_PHOTOS = 3;
const PREMIUM_PHOTOS = 25;
const FREE_CONVERSATIONS = 2;
const REACTIVATION_DAYS = 14;

/** @example getTermsDate({ added: "2024-03-15" }) // "2024-03-15" */
export function getTermsDate(company: Pick<Company, "added">): string {
  return company.added > TERMS_BASE_DATE ? company.added : TERMS_BASE_DATE;
}

/**
 * The values an editor's {{placeholder}} stands for, as plain text, for one site and language.
 * Company data comes from the site's company (spec §3), never from the text.
 */
function plainLegalValues(site: Site, locale: Locale): Record<string, string> {
  const company = getCompany(site);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const plain: Record<string, string> = {
    site_name: site.name,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: countryName(locale, company.country),
    registration_number: company.registrationNumber,
    vat_numbers: list.format(company.vatNumbers),
    tradenames: list.format(company.tradenames),
    refund_days: String(site.refundDays),
    terms_date: dateFormat.format(new Date(`${getTermsDate(company)}T00:00:00Z`)),
    min_age: String(site.minAge),
    free_photos: String(FREE_PHOTOS),
    premium_photos: String(PREMIUM_PHOTOS),
    free_conversations: String(FREE_CONVERSATIONS),
    reactivation_days: String(REACTIVATION_DAYS),
    support_email: site.supportEmail,
    // spec §9: the support phone is shown without hyphens and spaces.
    support_phone: getCompanyInfo(site).support_phone,
  };
  return plain;
}

/**
 * What of a site its legal texts quote, as one string: two sites' texts read the same when
 * theirs are equal. The prerendered pages hold the registry's; an operator may change them.
 */
export function legalValuesKey(site: Site): string {
  return JSON.stringify([
    site.name,
    getCompany(site),
    site.refundDays,
    site.minAge,
    site.supportEmail,
    getCompanyInfo(site).support_phone,
  ]);
}

/** The placeholders' values as HTML: escaped, the address and phone as links. */
export function getLegalValues(site: Site, locale: Locale): Record<string, string> {
  const plain = plainLegalValues(site, locale);
  const values = Object.fromEntries(
    Object.entries(plain).map(([name, value]) => [name, escapeHtml(value)]),
  );
  const email = values.support_email ?? "";
  const phone = values.support_phone ?? "";
  values.support_email = `<a href="mailto:${email}">${email}</a>`;
  values.support_phone = `<a href="tel:${phone}">${phone}</a>`;
  return values;
}

/**
 * The member pages a text may link to besides the texts. Like the texts, they are linked with
 * the page's language in front (issue 29 item 1: a reader stays in their language).
 */
export const LEGAL_MEMBER_PAGES = [
  "/notifications",
  "/pricing",
  "/signup",
  "/login",
  "/reset-password",
  // The return policy: the credit history, where a purchase is withdrawn.
  "/transactions",
] as const;

const localLink = new RegExp(
  `href="/(${[...legalDocuments, ...LEGAL_MEMBER_PAGES.map((page) => page.slice(1))].join("|")})(#[^"]*)?"`,
  "g",
);

/**
 * Fills a rendered text for a site and language: {{placeholders}} become the site's values, and
 * links to other texts and to member pages point at them in the same language (/terms -> /de/terms).
 * @example renderLegalHtml('<p>{{site_name}}</p>', site, "de") // "<p>Herzklopfen</p>"
 */
export function renderLegalHtml(html: string, site: Site, locale: Locale): string {
  const values = getLegalValues(site, locale);
  return html
    .replace(/\{\{([a-z_]+)\}\}/g, (match, name: string) => values[name] ?? match)
    .replace(localLink, (_match, page: string, hash = "") => `href="/${locale}/${page}${hash}"`);
}

/**
 * A text's page for a site and language: the body filled (renderLegalHtml), and the title and
 * search description too, as plain text the page escapes (issue 29: `{{site_name}}` was shown
 * raw in search results).
 */
export function fillLegalText<T extends { title: string; description: string; html: string }>(
  text: T,
  site: Site,
  locale: Locale,
): T {
  const plain = plainLegalValues(site, locale);
  const fill = (value: string) =>
    value.replace(/\{\{([a-z_]+)\}\}/g, (match, name: string) => plain[name] ?? match);
  return {
    ...text,
    title: fill(text.title),
    description: fill(text.description),
    html: renderLegalHtml(text.html, site, locale),
  };
}

export type FaqEntry = { question: string; answer: string };

function toPlainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&nbsp;", " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .replace(/\s([.,;:!?])/g, "$1")
    .trim();
}

/**
 * The questions (### headings) and answers of a rendered FAQ, for its FAQPage structured data.
 */
export function extractFaq(html: string): FaqEntry[] {
  const entries: FaqEntry[] = [];
  for (const match of html.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>([\s\S]*?)(?=<h[23][\s>]|$)/g)) {
    const question = toPlainText(match[1] ?? "");
    const answer = toPlainText(match[2] ?? "");
    if (question && answer) entries.push({ question, answer });
  }
  return entries;
}
