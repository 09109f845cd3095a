import { describe, expect, it, vi } from "vitest";
import { birthEras } from "./eras";

describe("birthEras", () => {
  it("gives every slot of the band once, wherever the first one falls", () => {
    for (const random of [0, 0.5, 0.99]) {
      vi.spyOn(Math, "random").mockReturnValue(random);
      const next = birthEras({ from: 1000, to: 1150 }, 30);
      const years = Array.from({ length: 5 }, () => next());
      expect(years.toSorted()).toEqual([1000, 1030, 1060, 1090, 1120]);
      expect(() => next()).toThrow(/widen it/);
      vi.restoreAllMocks();
    }
  });
});
