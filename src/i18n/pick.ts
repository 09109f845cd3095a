import { type Catalogue, catalogues } from "./catalogues";
import type { Locale } from "./locales";

/**
 * The part of a locale's catalogue an island needs, by key prefix, so islands ship only their
 * own strings.
 * @example pickMessages("de", ["nav.", "common."])
 */
export function pickMessages(locale: Locale, prefixes: readonly string[]): Catalogue {
  const catalogue = catalogues[locale];
  const picked: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = value;
  }
  return picked;
}
