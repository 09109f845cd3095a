import { describe, expect, it } from "vitest";
import { getAge, latestBirthdateForAge } from "./age";

describe("getAge", () => {
  it("counts a birthday only once it has come", () => {
    expect(getAge("1990-06-15", new Date("2026-06-14T12:00:00Z"))).toBe(35);
    expect(getAge("1990-06-15", new Date("2026-06-15T12:00:00Z"))).toBe(36);
  });
});

describe("latestBirthdateForAge", () => {
  it("is the day someone turns that age", () => {
    const today = new Date("2026-11-21T08:00:00Z");
    expect(latestBirthdateForAge(18, today)).toBe("2008-11-21");
    expect(getAge(latestBirthdateForAge(18, today), today)).toBe(18);
  });
});
