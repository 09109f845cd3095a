import { describe, expect, it } from "vitest";
import { pricingCountry } from "./offer";

const site = { countries: ["gb", "de", "pl", "fi", "no"] };

describe("pricingCountry (issue 29 item 5)", () => {
  it("prices a member in their country, a visitor where they are, else in the page's language", () => {
    expect(pricingCountry(site, { member: "de", geoip: "pl", locale: "fi" })).toBe("de");
    expect(pricingCountry(site, { member: null, geoip: "PL", locale: "de" })).toBe("pl");
    expect(pricingCountry(site, { member: null, geoip: null, locale: "pl" })).toBe("pl");
    expect(pricingCountry(site, { member: null, geoip: null, locale: "nb" })).toBe("no");
  });

  it("leaves the site's home market where it sells to neither, and for English", () => {
    expect(pricingCountry(site, { member: null, geoip: "us", locale: "sv" })).toBeNull();
    expect(pricingCountry(site, { member: null, geoip: null, locale: "en" })).toBeNull();
  });
});
