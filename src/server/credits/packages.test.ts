import { describe, expect, it } from "vitest";
import { PRICE_LIST } from "../sites/registry";
import { messagePriceFrom } from "./packages";

describe("messagePriceFrom (spec §2 icebreaker, issue 29 item 5)", () => {
  const site = { messageCredits: 10, packages: PRICE_LIST };

  it("is what a message costs bought in the package that gives credits cheapest", () => {
    // 1 500 credits for €59.99 and £49.99: 10 credits are €0.40 and £0.33.
    expect(messagePriceFrom(site, "EUR")).toBe(40);
    expect(messagePriceFrom(site, "GBP")).toBe(33);
    expect(messagePriceFrom(site, "PLN")).toBe(173);
    expect(messagePriceFrom({ ...site, messageCredits: 25 }, "EUR")).toBe(100);
  });

  it("takes the cheapest per credit, not the largest package, and skips a missing price", () => {
    const packages = [
      { credits: 100, prices: { EUR: 300 } },
      { credits: 1000, prices: { EUR: 5000, GBP: 4000 } },
    ];
    expect(messagePriceFrom({ messageCredits: 10, packages }, "EUR")).toBe(30);
    expect(messagePriceFrom({ messageCredits: 10, packages }, "GBP")).toBe(40);
    expect(messagePriceFrom({ messageCredits: 10, packages }, "SEK")).toBeNull();
  });
});
