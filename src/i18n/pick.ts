import { type Catalogue, catalogues } from "./catalogues";
import type { Locale } from "./locales";

/**
 * The part of a locale's catalogue an island needs, by key prefix, so islands ship only their
 * own strings.
 * @example pickMessages("de", ["nav.", "common."])
 */
export function pickMessages(locale: Locale, prefixes: readonly string[]): Catalogue {
  // Pages pick the same few sets on every request: each is made once per locale, and frozen,
  // as every page then shares it.
  const id = `${locale}\n${prefixes.join("\n")}`;
  let picked = picks.get(id);
  if (!picked) {
    const catalogue = catalogues[locale];
    const chosen: Record<string, string> = {};
    for (const [key, value] of Object.entries(catalogue)) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) chosen[key] = value;
    }
    picked = Object.freeze(chosen);
    picks.set(id, picked);
  }
  return picked;
}

const picks = new Map<string, Catalogue>();
