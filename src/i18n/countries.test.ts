import { describe, expect, it } from "vitest";
import { countryName, countryOptions } from "./countries";

describe("countryOptions", () => {
  it("names a site's countries in the locale, in its alphabetical order", () => {
    expect(countryOptions("de", ["at", "de", "dk"]).map((option) => option.name)).toEqual([
      "Dänemark",
      "Deutschland",
      "Österreich",
    ]);
    // Sverige, Tyskland, Österrike: Swedish puts Ö last.
    expect(countryOptions("sv", ["at", "de", "se"]).map((option) => option.code)).toEqual([
      "se",
      "de",
      "at",
    ]);
  });

  it("gives every page the same list, which none can change", () => {
    const list = countryOptions("fr", ["fr", "be"]);
    expect(countryOptions("fr", ["fr", "be"])).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
  });
});

describe("countryName", () => {
  it("names a country in the locale from its code in either case", () => {
    expect(countryName("de", "at")).toBe("Österreich");
    expect(countryName("de", "AT")).toBe("Österreich");
    expect(countryName("fi", "se")).toBe("Ruotsi");
    expect(countryName("pl", "de")).toBe("Niemcy");
  });

  it("names a code the same however often and in whichever case it is asked", () => {
    for (const code of ["se", "SE", "se"]) expect(countryName("nb", code)).toBe("Sverige");
    // Two letters that name no country: the code, upper-cased as Intl gives it, each time.
    for (const code of ["qq", "QQ"]) expect(countryName("nb", code)).toBe("QQ");
  });

  it("gives the code itself for what is no region code, never throwing", () => {
    expect(countryName("en", "not-a-code")).toBe("not-a-code");
    expect(countryName("en", "")).toBe("");
  });
});
