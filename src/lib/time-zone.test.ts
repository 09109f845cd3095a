import { describe, expect, it } from "vitest";
import { dayIn, knownTimeZone } from "./time-zone";

describe("the member's time zone (issue 29 item 17)", () => {
  it("takes a zone the runtime knows, and nothing forged", () => {
    expect(knownTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(knownTimeZone("UTC")).toBe("UTC");
    for (const forged of [
      "Mars/Olympus",
      "",
      null,
      undefined,
      "x".repeat(65),
      "Europe/Berlin\u0000",
    ]) {
      expect(knownTimeZone(forged)).toBeNull();
    }
  });

  it("tells the day of an instant in a zone", () => {
    const late = new Date("2026-11-27T23:30:00Z");
    expect(dayIn("UTC", late)).toBe("2026-11-27");
    expect(dayIn("Europe/Berlin", late)).toBe("2026-11-28");
    expect(dayIn("America/New_York", late)).toBe("2026-11-27");
  });
});
