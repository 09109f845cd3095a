import { describe, expect, it } from "vitest";
import { escapeMalformedPercentEncoding } from "./url-encoding";

describe("escapeMalformedPercentEncoding", () => {
  it.each([
    ["/%ZZ", "/%25ZZ"],
    ["/members/%E0%A4%A", "/members/%25E0%25A4%25A"],
    ["/api/search.php?gender=%E0%A4%A", "/api/search.php?gender=%25E0%25A4%25A"],
    ["/a%", "/a%25"],
    ["/%C3", "/%25C3"],
    ["/%FF%FE", "/%25FF%25FE"],
  ])("makes %s decodable as its literal text", (target, repaired) => {
    expect(escapeMalformedPercentEncoding(target)).toBe(repaired);
    expect(() => decodeURI(repaired)).not.toThrow();
    expect(decodeURI(repaired)).toBe(target);
  });

  it.each([
    "/members/12",
    "/api/search.php?country=nl&cursor=MXwx",
    "/landers/caf%C3%A9?q=%E0%A4%B9%20x",
    "/a%2Fb?x=%25",
  ])("keeps the valid URL %s as it is", (target) => {
    expect(escapeMalformedPercentEncoding(target)).toBe(target);
  });

  it("repairs only the broken escapes of a URL that also has valid ones", () => {
    expect(escapeMalformedPercentEncoding("/caf%C3%A9?q=%ZZ&r=%20")).toBe(
      "/caf%C3%A9?q=%25ZZ&r=%20",
    );
  });
});
