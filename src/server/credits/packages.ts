import type { Currency } from "../../contract/payment-options";
import type { CreditPackage } from "../../contract/payments";
import type { Site } from "../sites/registry";

/** A package of a site's price list: its credits and its price in each currency. */
type PriceListEntry = {
  id: number;
  credits: number;
  /** Minor units per currency. */
  prices: Record<Currency, number>;
  popular?: boolean;
};

/**
 * issue 14: the credit packages every site sells today, priced per currency (integer minor
 * units). Prices are set per market, not converted: 34,99 € is 349 kr, not 261,03 kr. A site
 * with its own list would name it in the registry; none does yet. Ids are stable: orders and
 * links (/credits/{id}) name them.
 */
export const PRICE_LIST: readonly PriceListEntry[] = [
  {
    id: 1,
    credits: 100,
    prices: { EUR: 999, GBP: 899, DKK: 7500, SEK: 10900, NOK: 10900, PLN: 4499 },
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
  },
  {
    id: 4,
    credits: 1500,
    prices: { EUR: 5999, GBP: 4999, DKK: 44900, SEK: 64900, NOK: 64900, PLN: 25999 },
  },
];

/** The currency of each country the sites serve; euro elsewhere. */
const COUNTRY_CURRENCIES: Record<string, Currency> = {
  gb: "GBP",
  dk: "DKK",
  se: "SEK",
  no: "NOK",
  pl: "PLN",
};

/**
 * The currency a member pays in: their country's if the site serves it, else the site's first
 * country's (a member abroad pays as the site's home market does).
 * @example currencyFor(site, "dk") // "DKK"
 */
export function currencyFor(site: Pick<Site, "countries">, country: string | null): Currency {
  const home = country && site.countries.includes(country) ? country : site.countries[0];
  return COUNTRY_CURRENCIES[home ?? ""] ?? "EUR";
}

/**
 * The packages in one currency, smallest first, each with its saving per credit against the
 * smallest (the discount badge), rounded down so the badge never claims more than it gives.
 */
export function packagesIn(currency: Currency): CreditPackage[] {
  const [base] = PRICE_LIST;
  if (!base) return [];
  const basePerCredit = base.prices[currency] / base.credits;
  return PRICE_LIST.map((entry) => {
    const perCredit = entry.prices[currency] / entry.credits;
    return {
      id: entry.id,
      credits: entry.credits,
      amount: entry.prices[currency],
      currency,
      popular: entry.popular ?? false,
      discount_percent: Math.max(0, Math.floor((1 - perCredit / basePerCredit) * 100)),
    };
  });
}

/** One package in one currency, or undefined for an id the price list does not have. */
export function findPackage(id: number, currency: Currency): CreditPackage | undefined {
  return packagesIn(currency).find((entry) => entry.id === id);
}
