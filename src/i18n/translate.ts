import type { Catalogue, MessageKey } from "./catalogues";
import type { Locale } from "./locales";

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const formats = new Map<Locale, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();

/**
 * A locale's plural rules and number format, made once: each costs more than translating a
 * page's strings, and every island instance makes a translator (bench: server-rendered member
 * pages made dozens a request).
 */
function formatsOf(locale: Locale) {
  let made = formats.get(locale);
  if (!made) {
    made = { plural: new Intl.PluralRules(locale), number: new Intl.NumberFormat(locale) };
    formats.set(locale, made);
  }
  return made;
}

/**
 * The client-side translator: the same message syntax as the server's i18next setup
 * ({name} placeholders, plural forms chosen by Intl.PluralRules from a `count` param), without
 * shipping i18next to the browser. A test checks both give the same text for every key.
 * @example createTranslate("en", en)("nav.newLikes", { count: 2 }) // "2 new likes"
 */
export function createTranslate(locale: Locale, catalogue: Catalogue): Translate {
  const { plural, number } = formatsOf(locale);
  return (key, params) => {
    let text: string | undefined;
    if (params && typeof params.count === "number") {
      text = catalogue[`${key}_${plural.select(params.count)}`] ?? catalogue[`${key}_other`];
    }
    text ??= catalogue[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = params[name];
      if (value === undefined) return match;
      return typeof value === "number" ? number.format(value) : value;
    });
  };
}
