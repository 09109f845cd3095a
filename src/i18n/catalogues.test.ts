import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getTranslate } from "../server/lib/i18n";
import { type Catalogue, catalogues } from "./catalogues";
import { locales } from "./locales";
import { findTagNames } from "./tags";
import { createTranslate } from "./translate";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const en = catalogues.en;
const baseKeys = [...new Set(Object.keys(en).map((key) => key.replace(PLURAL, "")))];
const pluralBases = new Set(
  Object.keys(en)
    .filter((key) => PLURAL.test(key))
    .map((key) => key.replace(PLURAL, "")),
);

function placeholders(text: string | undefined): string[] {
  return [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}

describe.each(locales.filter((locale) => locale !== "en"))("the %s catalogue", (locale) => {
  const catalogue: Catalogue = catalogues[locale];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it("has every key English has", () => {
    const missing = baseKeys.filter((key) =>
      pluralBases.has(key)
        ? !categories.every((c) => `${key}_${c}` in catalogue)
        : !(key in catalogue),
    );
    expect(missing).toEqual([]);
  });

  it("has no keys English lacks", () => {
    const extra = Object.keys(catalogue).filter(
      (key) => !baseKeys.includes(key.replace(PLURAL, "")),
    );
    expect(extra).toEqual([]);
  });

  it("keeps every placeholder English has", () => {
    const wrong = Object.keys(en).flatMap((key) => {
      if (!PLURAL.test(key)) {
        return placeholders(catalogue[key]).join() === placeholders(en[key]).join() ? [] : [key];
      }
      // Plural forms may spell the number out ("one message"), so {count} is optional there.
      const base = key.replace(PLURAL, "");
      const expected = placeholders(en[key])
        .filter((name) => name !== "count")
        .join();
      return categories
        .map((category) => `${base}_${category}`)
        .filter(
          (form) =>
            placeholders(catalogue[form])
              .filter((name) => name !== "count")
              .join() !== expected,
        );
    });
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("keeps every markup tag English has, so the tagged words can still become links", () => {
    const wrong = Object.keys(en).filter(
      (key) => findTagNames(catalogue[key] ?? "").join() !== findTagNames(en[key] ?? "").join(),
    );
    expect(wrong).toEqual([]);
  });

  it("is translated, not left in English", () => {
    const same = Object.keys(en).filter(
      (key) => catalogue[key] === en[key] && (en[key] ?? "").split(" ").length > 3,
    );
    expect(same).toEqual([]);
  });
});

describe("the English catalogue", () => {
  it("has one and other for every plural key", () => {
    for (const base of pluralBases) {
      expect(en, base).toHaveProperty([`${base}_one`]);
      expect(en, base).toHaveProperty([`${base}_other`]);
    }
  });

  it("lists the same locales as astro.config.mjs", () => {
    const config = readFileSync(new URL("../../astro.config.mjs", import.meta.url), "utf8");
    const match = /const locales = \[([^\]]+)\]/.exec(config);
    const configured = [...(match?.[1] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(configured).toEqual([...locales]);
  });
});

describe("the client translator", () => {
  it.each(locales)("gives the same text as the server's i18next in %s", (locale) => {
    const client = createTranslate(locale, catalogues[locale]);
    const server = getTranslate(locale);
    const params = {
      count: 1234,
      site: "Amora",
      name: "Kim",
      age: 31,
      min: 8,
      max: 128,
      year: "2026",
      company: "Amora Media B.V.",
      region: "Utrecht",
      country: "Nederland",
      number: 2,
    };
    for (const key of baseKeys) {
      const typed = key as Parameters<typeof client>[0];
      expect(client(typed, params), key).toBe(server(typed, params));
      expect(client(typed, { ...params, count: 1 }), key).toBe(
        server(typed, { ...params, count: 1 }),
      );
    }
  });

  it("formats numbers for the locale and picks the plural form", () => {
    expect(createTranslate("en", en)("members.results", { count: 1 })).toBe("1 member found");
    expect(createTranslate("de", catalogues.de)("members.results", { count: 1234 })).toContain(
      "1.234",
    );
  });
});
