import type { Currency } from "../../contract/payment-options";
import type { SignupMode } from "../../contract/staff-options";
import type { Locale } from "../../i18n/locales";

/*
 * The shape of a site (design §4). registry.ts holds each site's defaults; the settings an
 * operator changes are kept in the database and laid over them (settings.ts, issue 28).
 */

export type { SignupMode };

/** A package of a site's price list: its credits and its price in each currency. */
export type PriceListEntry = {
  id: number;
  credits: number;
  /** Minor units per currency. */
  prices: Record<Currency, number>;
  popular: boolean;
};

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
  minimumMessageCosts: Record<string, { costs: number; currency: Currency }>;
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
  /** The company's details as the site shows them (spec §3 Company info). */
  company: Company;
  /** The credit packages the site sells, priced per currency (issue 14). */
  packages: readonly PriceListEntry[];
  mailName: string;
  /** The sender address of the site's e-mails; `mailName` is its display name. */
  mailFrom: string;
  /** Minimum age to sign up and be listed (spec §5 {min_age}). */
  minAge: number;
  /** Show the US footer for English visitors (spec §2). */
  usFooter: boolean;
};
