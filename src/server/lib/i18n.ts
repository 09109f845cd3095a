import i18next, { type FormatterModule, type i18n as I18n } from "i18next";
import { LRUCache } from "lru-cache";
import { type Catalogue, catalogues, type MessageKey } from "../../i18n/catalogues";
import { defaultLocale, type Locale, locales } from "../../i18n/locales";
import type { MessageParams, Translate } from "../../i18n/translate";

const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * A formatter module (i18next's supported extension point): with `alwaysFormat` every
 * interpolated value passes through it, so numbers come out as the locale writes them
 * (1.234 in German, 1 234 in French), exactly as the client translator does.
 */
const numberFormatter: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined): string =>
    // Anything else passes through untouched, so i18next still sees a missing value as missing.
    typeof value === "number" ? formatNumber(value, lng ?? defaultLocale) : (value as string),
};

let instance: I18n | undefined;

function getI18n(): I18n {
  if (instance) return instance;
  instance = i18next.createInstance().use(numberFormatter);
  void instance.init({
    // Resources are bundled, so initialisation is synchronous: no backend, no loading.
    initAsync: false,
    resources: Object.fromEntries(
      locales.map((locale) => [locale, { translation: catalogues[locale] as Catalogue }]),
    ),
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    // Flat dotted keys (design §2): dots are part of the key, not nesting.
    keySeparator: false,
    nsSeparator: false,
    interpolation: {
      // The spec writes placeholders as {minutes}; one syntax in catalogues and code.
      prefix: "{",
      suffix: "}",
      // Output goes through Astro/React escaping or JSON, never raw into HTML.
      escapeValue: false,
      alwaysFormat: true,
    },
  });
  return instance;
}

/** Each locale's translator, made once (i18next's fixed `t` holds no per-request state). */
const translators = new Map<Locale, Translate>();

/**
 * How many messages with their parameters' values each locale remembers, and in how many
 * characters at most: the pages' are few (the site's name, a count up to the search's cap), and
 * the least used go first.
 */
const FILLED_PER_LOCALE = 2000;
const FILLED_CHARACTERS_PER_LOCALE = 500_000;

/**
 * The server translator for one locale, backed by i18next. A message is translated once and
 * remembered, since the catalogues are bundled and never change while the process runs: one
 * without parameters per locale (at most the catalogue), one with them by their values (at
 * most FILLED_PER_LOCALE). i18next's lookup, a few microseconds a call, ran a hundred times for
 * every member page (issue 30 item 1: half a millisecond of /members); with parameters it is
 * 20–33 µs (the footer's site name, the count of results), 3 % of the page's main thread.
 * @example getTranslate("de")("nav.login") // "Anmelden"
 */
export function getTranslate(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (translate) return translate;
  const t = getI18n().getFixedT(locale);
  const plain = new Map<MessageKey, string>();
  const filled = new LRUCache<string, string>({
    max: FILLED_PER_LOCALE,
    maxSize: FILLED_CHARACTERS_PER_LOCALE,
    sizeCalculation: (text, memo) => text.length + memo.length,
  });
  translate = (key: MessageKey, params?: MessageParams) => {
    if (params) {
      const memo = `${key}\u0000${JSON.stringify(params)}`;
      let text = filled.get(memo);
      if (text === undefined) {
        text = t(key, params);
        filled.set(memo, text);
      }
      return text;
    }
    let text = plain.get(key);
    if (text === undefined) {
      text = t(key);
      // Only the catalogue's own keys (a missing one comes back as itself): a key made from
      // outside input cannot grow the map past the catalogue.
      if (text !== key) plain.set(key, text);
    }
    return text;
  };
  translators.set(locale, translate);
  return translate;
}
