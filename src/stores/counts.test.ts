import { describe, expect, it } from "vitest";
import { creditBadgeVariant, formatBadgeCount, prefixTitle } from "./counts";

describe("formatBadgeCount (spec §2: 99+ above 99)", () => {
  it.each([
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [2500, "99+"],
  ])("shows %i as %s", (count, shown) => {
    expect(formatBadgeCount(count)).toBe(shown);
  });
});

describe("creditBadgeVariant (spec §2: badge at 10 or less)", () => {
  it("is danger at 0, warning from 1 to 10, absent above", () => {
    expect(creditBadgeVariant(0)).toBe("danger");
    expect(creditBadgeVariant(1)).toBe("warning");
    expect(creditBadgeVariant(10)).toBe("warning");
    expect(creditBadgeVariant(11)).toBeNull();
  });
});

describe("prefixTitle (spec §4)", () => {
  it("prefixes the count in parentheses and replaces an old prefix", () => {
    expect(prefixTitle("Members – Amora", 3)).toBe("(3) Members – Amora");
    expect(prefixTitle("(3) Members – Amora", 12)).toBe("(12) Members – Amora");
    expect(prefixTitle("(12) Members – Amora", 0)).toBe("Members – Amora");
  });
});
