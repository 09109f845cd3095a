import { describe, expect, it } from "vitest";
import { isSpeculativeLoad } from "./speculative";

describe("isSpeculativeLoad (issue 29 item 3)", () => {
  it("knows a prefetch by its purpose, and a script's fetch by its destination", () => {
    const fetchedAhead: Record<string, string>[] = [
      { "sec-purpose": "prefetch" },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "prefetch" },
      { "x-moz": "prefetch" },
      { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" },
    ];
    for (const headers of fetchedAhead) {
      expect(isSpeculativeLoad(new Headers(headers))).toBe(true);
    }
  });

  it("takes a navigation, or a browser that says nothing, as a person opening the page", () => {
    const opened: Record<string, string>[] = [
      { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
      {},
    ];
    for (const headers of opened) {
      expect(isSpeculativeLoad(new Headers(headers))).toBe(false);
    }
  });
});
