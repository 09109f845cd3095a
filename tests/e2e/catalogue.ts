import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";

/* The message catalogues, for tests that walk the site in a language and check it says nothing in English. */

export type Catalogue = Record<string, string>;

const cache = new Map<string, Catalogue>();

/** A locale's catalogue (src/i18n/locales/{locale}.json), its keys to its texts. */
export function catalogue(locale: string): Catalogue {
  let found = cache.get(locale);
  if (!found) {
    found = JSON.parse(
      readFileSync(new URL(`../../src/i18n/locales/${locale}.json`, import.meta.url), "utf8"),
    ) as Catalogue;
    cache.set(locale, found);
  }
  return found;
}

/**
 * The English sentences that would betray a missing translation on a page in `locale`: the
 * fixed parts (between placeholders) of every English text the locale words differently, of
 * at least three words, that do not occur in the locale's own texts.
 */
function englishTells(locale: string): string[] {
  const english = catalogue("en");
  const own = catalogue(locale);
  const ownText = Object.values(own).join("\n");
  const tells = new Set<string>();
  for (const [key, text] of Object.entries(english)) {
    if (own[key] === text) continue;
    for (const part of text.split(/\{[^}]*\}/)) {
      const fragment = part.trim();
      if (fragment.split(/\s+/).length >= 3 && !ownText.includes(fragment)) tells.add(fragment);
    }
  }
  return [...tells];
}

/** Fails when the page (or a part of it) shows any English sentence of the catalogue. */
export async function expectNoEnglish(scope: Page | Locator, locale: string) {
  const body = "goto" in scope ? scope.locator("body") : scope;
  const title = "goto" in scope ? await scope.title() : "";
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not hidden text (Locator, not a DOM node)
  const shown = `${title}\n${await body.innerText()}`;
  const found = englishTells(locale).filter((fragment) => shown.includes(fragment));
  expect(found, `English on a page in ${locale}`).toEqual([]);
}
