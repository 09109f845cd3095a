import type { Catalogue, MessageKey } from "./catalogues";
import type { Locale } from "./locales";

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The client-side translator: the same message syntax as the server's i18next setup
 * ({name} placeholders, plural forms chosen by Intl.PluralRules from a `count` param), without
 * shipping i18next to the browser. A test checks both give the same text for every key.
 * @example createTranslate("en", en)("nav.newLikes", { count: 2 }) // "2 new likes"
 */
export function createTranslate(locale: Locale, catalogue: Catalogue): Translate {
  const plural = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale);
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
