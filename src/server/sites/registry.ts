import { PROFILE_FIELDS } from "../../contract/profile-options";
import type { Locale } from "../../i18n/locales";
import { getEnv } from "../lib/env";

/** spec §3 Company info. */
export type Company = {
  id: string;
  name: string;
  address: string;
  registrationNumber: string;
  city: string;
  /** ISO 3166-1 alpha-2, lower case. */
  country: string;
  tradenames: string[];
  vatNumbers: string[];
  supportPhone: string;
  /** Percent discount offered to keep a member who is deleting the account (spec §1). */
  deleteDiscount: number;
  /** ISO date the company was added; the terms version date is this or 2023-12-01 (spec §9). */
  added: string;
};

/** spec §3 Settings.signups: who may sign up. */
export type SignupMode = "all" | "with_trafficsource" | "other";

/** A branded site of the deployment (design §4). */
export type Site = {
  id: string;
  name: string;
  /** The canonical host; `aliases` are other hosts that serve the same site. */
  domain: string;
  aliases: string[];
  /**
   * The public origin (scheme, host and port) of the site: canonical and hreflang links of the
   * prerendered pages, Open Graph URLs and the sitemap use it, as a build knows no request.
   */
  origin: string;
  /** A language tag; its first two letters pick the default locale (spec §4). */
  domainLanguage: string;
  /** 1 to 7: the audience the site is made for. */
  niche: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  /** Countries the site serves, ISO alpha-2 lower case, first is the default. */
  countries: string[];
  /** Per-locale overrides of the catalogue's site.indexTitle / site.description. */
  indexTitle?: Partial<Record<Locale, string>>;
  description?: Partial<Record<Locale, string>>;
  cdnPrefix: string;
  messageCredits: number;
  signupCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
  /**
   * What one message costs at least per country (with the cheapest package's price per credit),
   * in minor units of the country's currency: the icebreaker's "from €0.29 per message".
   */
  minimumMessageCosts: Record<string, { costs: number; currency: string }>;
  supportEmail: string;
  supportPhone: string;
  enableSiteEntryPopup: boolean;
  /** When set, the entry warning shows only to visitors from these countries. */
  entryPopupCountries?: string[];
  visibleProfileFields: string[];
  visibleProfileNotes: string[];
  searchFields: string[];
  fictionalIcon: string;
  refundDays: number;
  /**
   * spec §8 'Your limit for direct debit payments has been reached': what one member may pay by
   * SEPA direct debit per calendar month (in the site's time zone), in euro cents. A debit is
   * only known to be covered days later, so the risk a new member can run up is bounded.
   */
  directDebitMonthlyLimit: number;
  /**
   * The IANA time zone of the site's day: daily limits (the swipe game's likes) roll over at
   * midnight there, the same for every member of the site.
   */
  timeZone: string;
  signups: SignupMode;
  /** spec §6: may logged-out visitors search members? */
  loggedOutSearch: boolean;
  /** ...or only those who arrived with a traffic source? */
  loggedOutSearchTrafficsource: boolean;
  memberResell: boolean;
  companyId: string;
  mailName: string;
  /** The sender address of the site's e-mails; `mailName` is its display name. */
  mailFrom: string;
  /** Minimum age to sign up and be listed (spec §5 {min_age}). */
  minAge: number;
  /** Show the US footer for English visitors (spec §2). */
  usFooter: boolean;
};

export const companies: Record<string, Company> = {
  "amora-bv": {
    id: "amora-bv",
    name: "Amora Media B.V.",
    address: "Keizersgracht 221",
    registrationNumber: "KvK 81234567",
    city: "1016 DV Amsterdam",
    country: "nl",
    tradenames: ["Amora", "Herzklopfen"],
    vatNumbers: ["NL862345678B01"],
    supportPhone: "+31 20-123 45 67",
    deleteDiscount: 50,
    added: "2024-03-15",
  },
};

const sharedSettings = {
  cdnPrefix: "",
  messageCredits: 10,
  signupCredits: 20,
  photoCredits: 5,
  giftCredits: 25,
  messageLength: 2000,
  minimumMessageCosts: {
    dk: { costs: 219, currency: "DKK" },
    de: { costs: 29, currency: "EUR" },
    at: { costs: 29, currency: "EUR" },
    gb: { costs: 25, currency: "GBP" },
    ie: { costs: 29, currency: "EUR" },
    es: { costs: 29, currency: "EUR" },
    fi: { costs: 29, currency: "EUR" },
    fr: { costs: 29, currency: "EUR" },
    it: { costs: 29, currency: "EUR" },
    no: { costs: 329, currency: "NOK" },
    nl: { costs: 29, currency: "EUR" },
    be: { costs: 29, currency: "EUR" },
    pl: { costs: 129, currency: "PLN" },
    se: { costs: 329, currency: "SEK" },
  },
  enableSiteEntryPopup: true,
  visibleProfileFields: [...PROFILE_FIELDS],
  visibleProfileNotes: ["about"],
  searchFields: ["gender", "country", "countryregion", "min_age", "max_age"],
  fictionalIcon: "theater",
  refundDays: 14,
  directDebitMonthlyLimit: 10_000,
  timeZone: "Europe/Amsterdam",
  signups: "all",
  memberResell: true,
  companyId: "amora-bv",
  minAge: 18,
} satisfies Partial<Site>;

const allCountries = [
  "gb",
  "ie",
  "de",
  "at",
  "nl",
  "be",
  "dk",
  "se",
  "no",
  "fi",
  "fr",
  "es",
  "it",
  "pl",
];

/**
 * The sites this deployment serves. The first is the default, used for unknown hosts (design §4).
 * The second proves host-based settings in the demo: open http://127.0.0.1:4321.
 */
export const sites: readonly Site[] = [
  {
    ...sharedSettings,
    id: "amora",
    name: "Amora",
    domain: "localhost",
    aliases: [],
    origin: getEnv().AMORA_ORIGIN,
    domainLanguage: "en-GB",
    niche: 1,
    countries: allCountries,
    supportEmail: "support@amora.example",
    supportPhone: "+31 20-123 45 67",
    loggedOutSearch: true,
    loggedOutSearchTrafficsource: false,
    mailName: "Amora",
    mailFrom: "no-reply@amora.example",
    usFooter: true,
  },
  {
    ...sharedSettings,
    id: "herzklopfen",
    name: "Herzklopfen",
    domain: "127.0.0.1",
    aliases: [],
    origin: getEnv().HERZKLOPFEN_ORIGIN,
    domainLanguage: "de-DE",
    niche: 2,
    timeZone: "Europe/Berlin",
    countries: ["de", "at", "nl", "be", "dk", "pl"],
    // This site does not ask for (or show) the body type.
    visibleProfileFields: PROFILE_FIELDS.filter((field) => field !== "body_type"),
    indexTitle: { de: "Herzklopfen – Singles treffen und chatten" },
    description: {
      de: "Bei Herzklopfen lernst du Singles aus deiner Nähe kennen: echte Fotoprofile, Likes und Chats.",
    },
    supportEmail: "hilfe@herzklopfen.example",
    supportPhone: "+49 30 1234-5678",
    loggedOutSearch: false,
    loggedOutSearchTrafficsource: true,
    // A site for ad traffic: accounts come only through a traffic source (spec §6).
    signups: "with_trafficsource",
    mailName: "Team Herzklopfen",
    mailFrom: "no-reply@herzklopfen.example",
    usFooter: false,
  },
];

export const defaultSite: Site = sites[0] as Site;

const sitesByHost = new Map<string, Site>(
  sites.flatMap((site) => [site.domain, ...site.aliases].map((host) => [host, site] as const)),
);

/**
 * The site for a request's Host header; unknown hosts get the default site (design §4).
 * @example getSiteByHost("127.0.0.1:4321").id // "herzklopfen"
 */
export function getSiteByHost(host: string | null | undefined): Site {
  if (!host) return defaultSite;
  const hostname = host
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .replace(/^www\./, "");
  return sitesByHost.get(hostname) ?? defaultSite;
}

/** @example getSiteById("herzklopfen").name // "Herzklopfen" */
export function getSiteById(id: string): Site {
  const site = sites.find((candidate) => candidate.id === id);
  if (!site) throw new Error(`Unknown site ${id}`);
  return site;
}

export function getCompany(site: Site): Company {
  const company = companies[site.companyId];
  if (!company) throw new Error(`Site ${site.id} names unknown company ${site.companyId}`);
  return company;
}
