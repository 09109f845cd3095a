import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, resolveLocale, toLocale } from "./locales";
import { localeAlternates } from "./urls";

describe("resolveLocale (design §5 order)", () => {
  it("prefers the locale cookie over everything else", () => {
    expect(
      resolveLocale({
        cookie: "fi",
        memberLanguage: "de",
        domainLanguage: "nl-NL",
        acceptLanguage: "fr",
      }),
    ).toBe("fi");
  });

  it("uses the member's language when there is no cookie", () => {
    expect(
      resolveLocale({ memberLanguage: "de", domainLanguage: "nl-NL", acceptLanguage: "fr" }),
    ).toBe("de");
  });

  it("then the first two letters of the site's domain_language", () => {
    expect(resolveLocale({ domainLanguage: "nl-BE", acceptLanguage: "fr" })).toBe("nl");
  });

  it("then Accept-Language, honouring q-values", () => {
    expect(resolveLocale({ acceptLanguage: "xx, sv;q=0.5, pl;q=0.9" })).toBe("pl");
  });

  it("falls back to English", () => {
    expect(resolveLocale({ cookie: "klingon", acceptLanguage: "ja" })).toBe("en");
  });

  it("ignores a cookie that is not one of our locales", () => {
    expect(resolveLocale({ cookie: "xx", domainLanguage: "da-DK" })).toBe("da");
  });
});

describe("toLocale", () => {
  it("maps Norwegian tags to Bokmål", () => {
    expect(toLocale("no")).toBe("nb");
    expect(toLocale("nn-NO")).toBe("nb");
  });
  it("returns undefined for unsupported languages", () => {
    expect(toLocale("pt-BR")).toBeUndefined();
    expect(fromAcceptLanguage("")).toBeUndefined();
  });
});

describe("localeAlternates", () => {
  it("gives a /{locale}/ URL for each of the 11 locales", () => {
    const alternates = localeAlternates("/");
    expect(Object.keys(alternates)).toHaveLength(11);
    expect(alternates.sv).toBe("/sv/");
    expect(localeAlternates("/terms").de).toBe("/de/terms");
  });
});
