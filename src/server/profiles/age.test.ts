import { describe, expect, it } from "vitest";
import { earliestBirthdateForAge, getAge, latestBirthdateForAge } from "./age";

/** Noon UTC of an ISO date: the time of day must not matter. */
const on = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

function shiftDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe("getAge", () => {
  it("counts a birthday only once it has come", () => {
    expect(getAge("1990-06-15", on("2026-06-14"))).toBe(35);
    expect(getAge("1990-06-15", on("2026-06-15"))).toBe(36);
  });

  it("counts by the UTC calendar day, whatever the time", () => {
    expect(getAge("1990-06-15", new Date("2026-06-14T23:59:59Z"))).toBe(35);
    expect(getAge("1990-06-15", new Date("2026-06-15T00:00:00Z"))).toBe(36);
  });

  it("makes someone born on 29 February a year older on 1 March in a common year", () => {
    expect(getAge("2008-02-29", on("2026-02-28"))).toBe(17);
    expect(getAge("2008-02-29", on("2026-03-01"))).toBe(18);
  });

  it("makes someone born on 29 February a year older on 29 February in a leap year", () => {
    expect(getAge("2008-02-29", on("2028-02-28"))).toBe(19);
    expect(getAge("2008-02-29", on("2028-02-29"))).toBe(20);
  });
});

describe("latestBirthdateForAge", () => {
  it("is the day someone turns that age", () => {
    const today = on("2026-11-21");
    expect(latestBirthdateForAge(18, today)).toBe("2008-11-21");
    expect(getAge(latestBirthdateForAge(18, today), today)).toBe(18);
  });

  it("on 29 February is 28 February when the birth year has no 29 February", () => {
    expect(latestBirthdateForAge(18, on("2028-02-29"))).toBe("2010-02-28");
    expect(latestBirthdateForAge(20, on("2028-02-29"))).toBe("2008-02-29");
  });
});

describe("earliestBirthdateForAge", () => {
  it("is the day after the latest birthdate for one year more", () => {
    expect(earliestBirthdateForAge(99, on("2026-11-21"))).toBe("1926-11-22");
    expect(earliestBirthdateForAge(17, on("2028-02-29"))).toBe("2010-03-01");
  });
});

describe("getAge and the birthdate bounds agree", () => {
  // Every day of ten years, three of them leap years, for the ages the site works with.
  const days = Array.from({ length: 3653 }, (_, index) => shiftDays("2024-01-01", index));
  const ages = [18, 19, 21, 50, 99];

  it("gives age n on the latest birthdate for n, and n - 1 on the day after", () => {
    const disagreements = [];
    for (const day of days) {
      for (const age of ages) {
        const birthdate = latestBirthdateForAge(age, on(day));
        const found = [getAge(birthdate, on(day)), getAge(shiftDays(birthdate, 1), on(day))];
        if (found[0] !== age || found[1] !== age - 1)
          disagreements.push({ day, age, birthdate, found });
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("gives age n on the earliest birthdate for n, and n + 1 on the day before", () => {
    const disagreements = [];
    for (const day of days) {
      for (const age of ages) {
        const birthdate = earliestBirthdateForAge(age, on(day));
        const found = [getAge(birthdate, on(day)), getAge(shiftDays(birthdate, -1), on(day))];
        if (found[0] !== age || found[1] !== age + 1)
          disagreements.push({ day, age, birthdate, found });
      }
    }
    expect(disagreements).toEqual([]);
  });
});
