import { describe, expect, it } from "vitest";
import { countryOptions } from "./countries";

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
