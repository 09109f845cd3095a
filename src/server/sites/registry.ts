import { PROFILE_FIELDS } from "../../contract/profile-options";
import { getEnv } from "../lib/env";
import { effectiveSite } from "./settings-cache";
import type { Company, PriceListEntry, Site } from "./types";

export type { Company, PriceListEntry, SignupMode, Site } from "./types";

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

/**
 * issue 14: the credit packages every site sells by default, priced per currency (integer minor
 * units). Prices are set per market, not converted: 34,99 € is 349 kr, not 261,03 kr. An operator
 * changes a site's list in the console (issue 28). Ids are stable: orders and links
 * (/credits/{id}) name them.
 */
export const PRICE_LIST: readonly PriceListEntry[] = [
  {
    id: 1,
    credits: 100,
    prices: { EUR: 999, GBP: 899, DKK: 7500, SEK: 10900, NOK: 10900, PLN: 4499 },
    popular: false,
  },
  {
    id: 2,
    credits: 300,
    prices: { EUR: 1999, GBP: 1799, DKK: 14900, SEK: 21900, NOK: 21900, PLN: 8999 },
    popular: true,
  },
  {
    id: 3,
    credits: 700,
    prices: { EUR: 3499, GBP: 2999, DKK: 25900, SEK: 37900, NOK: 37900, PLN: 14999 },
    popular: false,
  },
  {
    id: 4,
    credits: 1500,
    prices: { EUR: 5999, GBP: 4999, DKK: 44900, SEK: 64900, NOK: 64900, PLN: 25999 },
    popular: false,
  },
];

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
  company: companies["amora-bv"] as Company,
  packages: PRICE_LIST,
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
 * The sites this deployment serves, with their defaults. The first is the default, used for
 * unknown hosts (design §4). The second proves host-based settings in the demo: open
 * http://127.0.0.1:4321. What an operator may change is read through `getSiteById` and
 * `getSiteByHost` (the defaults with the stored settings laid over them), never from here.
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

/** The default site's defaults: its id, hosts and origin (what a request cannot change). */
export const defaultSite: Site = sites[0] as Site;

const sitesByHost = new Map<string, Site>(
  sites.flatMap((site) => [site.domain, ...site.aliases].map((host) => [host, site] as const)),
);

/**
 * The site for a request's Host header; unknown hosts get the default site (design §4).
 * @example getSiteByHost("127.0.0.1:4321").id // "herzklopfen"
 */
export function getSiteByHost(host: string | null | undefined): Site {
  if (!host) return effectiveSite(defaultSite);
  const hostname = host
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .replace(/^www\./, "");
  return effectiveSite(sitesByHost.get(hostname) ?? defaultSite);
}

/** @example getSiteById("herzklopfen").name // "Herzklopfen" */
export function getSiteById(id: string): Site {
  const site = sites.find((candidate) => candidate.id === id);
  if (!site) throw new Error(`Unknown site ${id}`);
  return effectiveSite(site);
}

/** The site's company as the site shows it (its settings may have changed the details). */
export function getCompany(site: Site): Company {
  return site.company;
}
