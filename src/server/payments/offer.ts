import type { PackagesAnswer } from "../../contract/payments";
import type { Locale } from "../../i18n/locales";
import { packagesIn } from "../credits/packages";
import type { Site } from "../sites/registry";
import { offerFor } from "./orders";

/** What a member (or a visitor: null) is offered: packages in their currency, and methods. */
export function creditOffer(site: Site, country: string | null): PackagesAnswer {
  const { currency, methods } = offerFor(site, country);
  return { currency, packages: packagesIn(site, currency), methods };
}

/** The market each language's pages speak to first (English: the site's own home market). */
const LANGUAGE_MARKETS: Record<Locale, string | null> = {
  da: "dk",
  de: "de",
  en: null,
  es: "es",
  fi: "fi",
  fr: "fr",
  it: "it",
  nb: "no",
  nl: "nl",
  pl: "pl",
  sv: "se",
};

/**
 * The country whose prices a page shows (issue 29 item 5): the member's own; for a visitor, the
 * country the request comes from (GeoIP), else the one of the page's language, when the site
 * sells there. Null: the site's home market (creditOffer's default).
 * @example pricingCountry(amora, { member: null, geoip: null, locale: "pl" }) // "pl"
 */
export function pricingCountry(
  site: Pick<Site, "countries">,
  visitor: { member: string | null; geoip: string | null; locale: Locale },
): string | null {
  if (visitor.member) return visitor.member;
  const sold = (country: string | null | undefined) =>
    country && site.countries.includes(country) ? country : null;
  return sold(visitor.geoip?.toLowerCase()) ?? sold(LANGUAGE_MARKETS[visitor.locale]);
}
