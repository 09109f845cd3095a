import type { Locale } from "./locales";

export type CountryOption = { code: string; name: string };

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the locale, from its ISO code in either case; the code itself when the
 * locale has no name for it or it is no region code. Each locale's `Intl.DisplayNames` is made
 * once: making one costs more than naming the 48 countries of a page of cards (issue 30).
 * @example countryName("de", "at") // "Österreich"
 */
export function countryName(locale: string, code: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // RangeError: not a well-formed region code.
    return code;
  }
}

const lists = new Map<string, readonly CountryOption[]>();

/**
 * A site's countries as a form offers them: each with its name in the locale, in the locale's
 * alphabetical order. Made once per locale and list (frozen, as every page then shares it):
 * naming and collating them cost a member page 0.2 ms a request for 14 countries.
 * @example countryOptions("de", ["at", "de"]) // [{ code: "de", name: "Deutschland" }, { code: "at", name: "Österreich" }]
 */
export function countryOptions(locale: Locale, codes: readonly string[]): readonly CountryOption[] {
  const id = `${locale}:${codes.join(",")}`;
  let options = lists.get(id);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = Object.freeze(
      codes
        .map((code) => Object.freeze({ code, name: countryName(locale, code) }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    );
    lists.set(id, options);
  }
  return options;
}
