import { describe, expect, it } from "vitest";
import { listLanderKeys, prerenderedPath, resolveStaticPage } from "./pages";

describe("resolveStaticPage (design §5 URLs)", () => {
  it("maps /{locale}/{document} and the unprefixed /{document}", () => {
    expect(resolveStaticPage("/de/terms")).toEqual({ locale: "de", key: "terms" });
    expect(resolveStaticPage("/return-policy")).toEqual({ locale: null, key: "return-policy" });
    expect(resolveStaticPage("/ban/")).toEqual({ locale: null, key: "ban" });
  });

  it("serves the US privacy text only at /en-US/privacy", () => {
    expect(resolveStaticPage("/en-US/privacy")).toEqual({ locale: "en-US", key: "privacy" });
    expect(resolveStaticPage("/en-US/terms")).toBeNull();
  });

  it("maps landers with and without a slug, and an unknown slug to the lander without one", () => {
    expect(resolveStaticPage("/landers/video/women")).toEqual({
      locale: null,
      key: "landers/video/women",
    });
    expect(resolveStaticPage("/fr/landers/maplanding")).toEqual({
      locale: "fr",
      key: "landers/maplanding",
    });
    expect(resolveStaticPage("/landers/gallery/summer-campaign")).toEqual({
      locale: null,
      key: "landers/gallery",
    });
    expect(resolveStaticPage("/landers/tinderswipe")).toEqual({
      locale: null,
      key: "landers/tinderswipe",
    });
  });

  it("is null for anything else", () => {
    for (const path of [
      "/",
      "/members",
      "/xx/terms",
      "/landers/unknown",
      "/landers/tinderswipe/x",
      "/de/landers/video/women/extra",
      "/complaints",
    ]) {
      expect(resolveStaticPage(path)).toBeNull();
    }
  });

  it("lists 33 landers and builds their file path per site and locale", () => {
    expect(listLanderKeys()).toHaveLength(33);
    expect(prerenderedPath("herzklopfen", "de", "landers/video")).toBe(
      "/prerendered/herzklopfen/de/landers/video/",
    );
  });
});
