import type { Currency, PaymentMethod } from "../../contract/payment-options";

/**
 * Where each payment method of spec §1 is offered and which Mollie method takes it (design §2;
 * the README's table says the same). `local` lists the countries whose own method it is: they
 * come first there. A method whose `mollie` is null is offered by no provider today (giropay
 * and Sofort were switched off by their schemes in 2024; Nexi is an acquirer, not a method a
 * provider offers to merchants) and is never shown. The sandbox offers what Mollie offers, so
 * the demo shows what production would.
 */
type MethodRule = {
  /** Countries where it is offered; "all" for every country of the sites. */
  countries: readonly string[] | "all";
  currencies: readonly Currency[];
  local?: boolean;
  mollie: string | null;
};

const EURO: readonly Currency[] = ["EUR"];
const ALL_CURRENCIES: readonly Currency[] = ["EUR", "GBP", "DKK", "SEK", "NOK", "PLN"];
const SEPA = ["de", "at", "nl", "be", "fi", "fr", "es", "it", "ie"];

export const METHOD_RULES: Record<PaymentMethod, MethodRule> = {
  ideal: { countries: ["nl"], currencies: EURO, local: true, mollie: "ideal" },
  bancontact: { countries: ["be"], currencies: EURO, local: true, mollie: "bancontact" },
  eps: { countries: ["at"], currencies: EURO, local: true, mollie: "eps" },
  blik: { countries: ["pl"], currencies: ["PLN"], local: true, mollie: "blik" },
  prezelewy24: {
    countries: ["pl"],
    currencies: ["PLN", "EUR"],
    local: true,
    mollie: "przelewy24",
  },
  mobilepay: {
    countries: ["dk", "fi"],
    currencies: ["DKK", "EUR"],
    local: true,
    mollie: "mobilepay",
  },
  dankort: { countries: ["dk"], currencies: ["DKK"], local: true, mollie: "creditcard" },
  swish: { countries: ["se"], currencies: ["SEK"], local: true, mollie: "swish" },
  vipps: { countries: ["no"], currencies: ["NOK"], local: true, mollie: "vipps" },
  satispay: { countries: ["it"], currencies: EURO, local: true, mollie: "satispay" },
  cartebancaire: { countries: ["fr"], currencies: EURO, local: true, mollie: "creditcard" },
  sdd: { countries: SEPA, currencies: EURO, local: true, mollie: "directdebit" },
  twint: { countries: ["ch"], currencies: [], local: true, mollie: "twint" },
  visa: { countries: "all", currencies: ALL_CURRENCIES, mollie: "creditcard" },
  mastercard: { countries: "all", currencies: ALL_CURRENCIES, mollie: "creditcard" },
  maestro: { countries: "all", currencies: EURO, mollie: "creditcard" },
  creditcard: { countries: "all", currencies: ALL_CURRENCIES, mollie: "creditcard" },
  paypal: { countries: "all", currencies: ALL_CURRENCIES, mollie: "paypal" },
  applepay: { countries: "all", currencies: ALL_CURRENCIES, mollie: "applepay" },
  sct: { countries: SEPA, currencies: EURO, mollie: "banktransfer" },
  paysafecard: { countries: "all", currencies: EURO, mollie: "paysafecard" },
  giropay: { countries: ["de"], currencies: EURO, local: true, mollie: null },
  sofort: { countries: ["de", "at", "be", "nl"], currencies: EURO, local: true, mollie: null },
  nexi: { countries: ["it"], currencies: EURO, local: true, mollie: null },
};

/** The generic methods' order after the local ones: cards, then wallets, then transfers. */
const GENERIC_ORDER: readonly PaymentMethod[] = [
  "visa",
  "mastercard",
  "maestro",
  "creditcard",
  "paypal",
  "applepay",
  "sct",
  "paysafecard",
];

/**
 * The methods offered to a member of `country` paying in `currency`, most local first.
 * @example offeredMethods("nl", "EUR") // ["ideal", "sdd", "visa", "mastercard", …]
 */
export function offeredMethods(country: string, currency: Currency): PaymentMethod[] {
  const fits = (method: PaymentMethod) => {
    const rule = METHOD_RULES[method];
    return (
      rule.mollie !== null &&
      rule.currencies.includes(currency) &&
      (rule.countries === "all" || rule.countries.includes(country))
    );
  };
  const local = (Object.keys(METHOD_RULES) as PaymentMethod[]).filter(
    (method) => METHOD_RULES[method].local && fits(method),
  );
  return [...local, ...GENERIC_ORDER.filter(fits)];
}
