import type { Locale } from "./locales";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in minor units (cents, øre, grosz) as the locale writes it: 1999 EUR is "€19.99" in
 * English, "19,99 €" in German, "19,99 €" in Finnish. The currency's own decimals decide the
 * division (all of ours have two).
 * @example formatMoney("de", 1999, "EUR") // "19,99 €"
 */
export function formatMoney(locale: Locale, minor: number, currency: string): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formats.set(key, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
