import { describe, expect, it } from "vitest";
import { shouldReload } from "./chunk-reload";

describe("shouldReload (spec §8: at most once per minute)", () => {
  it("reloads the first time and again after a minute, not sooner", () => {
    expect(shouldReload(null, 1_000_000)).toBe(true);
    expect(shouldReload(1_000_000, 1_030_000)).toBe(false);
    expect(shouldReload(1_000_000, 1_060_000)).toBe(true);
  });
});
