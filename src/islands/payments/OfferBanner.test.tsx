import { describe, expect, it } from "vitest";
import { countdown, timeBonusLeft } from "./OfferBanner";

describe("the time bonus's countdown (spec §4, §9)", () => {
  it("writes hours, minutes and seconds zero-padded", () => {
    expect(countdown(14_400)).toBe("04:00:00");
    expect(countdown(14_399)).toBe("03:59:59");
    expect(countdown(61)).toBe("00:01:01");
    expect(countdown(0)).toBe("00:00:00");
  });

  it("runs for the first 14 400 s after signup, for members who have not paid", () => {
    const signup = Date.parse("2026-11-23T10:00:00Z");
    const member = { paid_user: false, signup_date: new Date(signup).toISOString() };
    expect(timeBonusLeft(member, signup)).toBe(14_400);
    expect(timeBonusLeft(member, signup + 1000)).toBe(14_399);
    expect(timeBonusLeft(member, signup + 14_400_000)).toBe(0);
    expect(timeBonusLeft(member, signup + 20_000_000)).toBe(0);
    expect(timeBonusLeft({ ...member, paid_user: true }, signup)).toBe(0);
    expect(timeBonusLeft(null, signup)).toBe(0);
  });
});
