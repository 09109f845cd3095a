import type { Currency } from "../../contract/payment-options";
import type { CreditPackage } from "../../contract/payments";
import type { Site } from "../sites/registry";

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
export function packagesIn(site: Pick<Site, "packages">, currency: Currency): CreditPackage[] {
  const list = [...site.packages].sort((a, b) => a.credits - b.credits);
  const [base] = list;
  if (!base) return [];
  const basePerCredit = base.prices[currency] / base.credits;
  return list.map((entry) => {
    const perCredit = entry.prices[currency] / entry.credits;
    return {
      id: entry.id,
      credits: entry.credits,
      amount: entry.prices[currency],
      currency,
      popular: entry.popular,
      discount_percent: Math.max(0, Math.floor((1 - perCredit / basePerCredit) * 100)),
    };
  });
}

/**
 * One package of the site's price list as it is now, in one currency, or undefined for an id
 * the list does not have. An order keeps what it was placed at (payments/orders.ts).
 */
export function findPackage(
  site: Pick<Site, "packages">,
  id: number,
  currency: Currency,
): CreditPackage | undefined {
  return packagesIn(site, currency).find((entry) => entry.id === id);
}

/**
 * spec §2 icebreaker, "from €0.40 per message": what a message costs in a currency bought in
 * the package that gives credits cheapest, in minor units rounded to the nearest; null when no
 * package has a price in the currency.
 * @example messagePriceFrom({ messageCredits: 10, packages: [{ credits: 1500, prices: { EUR: 5999 } }] }, "EUR") // 40
 */
export function messagePriceFrom(
  site: {
    messageCredits: number;
    packages: readonly { credits: number; prices: Partial<Record<Currency, number>> }[];
  },
  currency: Currency,
): number | null {
  const perCredit = site.packages.flatMap((entry) => {
    const price = entry.prices[currency];
    return price === undefined ? [] : [price / entry.credits];
  });
  return perCredit.length === 0 ? null : Math.round(Math.min(...perCredit) * site.messageCredits);
}
