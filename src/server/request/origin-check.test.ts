import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./origin-check";

const headers = (entries: Record<string, string>) =>
  new Headers({ host: "amora.example", ...entries });

describe("isCrossSiteWrite (design §10)", () => {
  it("refuses a write another site's page sends", () => {
    expect(isCrossSiteWrite("POST", headers({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite("POST", headers({ "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteWrite("PUT", headers({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite("DELETE", headers({ origin: "null" }))).toBe(true);
  });

  it("lets this site's own writes, reads and header-less calls through", () => {
    expect(isCrossSiteWrite("POST", headers({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite("POST", headers({ origin: "https://amora.example" }))).toBe(false);
    expect(isCrossSiteWrite("GET", headers({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isCrossSiteWrite("POST", headers({}))).toBe(false);
  });
});
