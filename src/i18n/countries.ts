import type { Locale } from "./locales";

export type CountryOption = { code: string; name: string };

/** Each locale's `Intl.DisplayNames`, and the names it gave, by upper-case ISO code. */
const regionNames = new Map<string, { display: Intl.DisplayNames; named: Map<string, string> }>();

/** Two letters: an ISO 3166 code's shape, at most 676 of them a locale to remember. */
const ALPHA_2 = /^[A-Za-z]{2}$/;

/**
 * A country's name in the locale, from its ISO code in either case; the code itself when the
 * locale has no name for it or it is no region code. Each locale's `Intl.DisplayNames` is made
 * once (making one costs more than naming the 48 countries of a page of cards), and the names of
 * two-letter codes are remembered: `of()` itself cost /members 1.3 % of its main thread under
 * load (issue 30).
 * @example countryName("de", "at") // "Österreich"
 */
export function countryName(locale: string, code: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = { display: new Intl.DisplayNames([locale], { type: "region" }), named: new Map() };
    regionNames.set(locale, names);
  }
  if (!ALPHA_2.test(code)) return nameOf(names.display, code);
  const upper = code.toUpperCase();
  let name = names.named.get(upper);
  if (name === undefined) {
    name = nameOf(names.display, code);
    names.named.set(upper, name);
  }
  return name;
}

function nameOf(display: Intl.DisplayNames, code: string): string {
  try {
    return display.of(code.toUpperCase()) ?? code;
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
