import { describe, expect, it } from "vitest";
import { memberRouteOf } from "./locale-routes";

describe("memberRouteOf (issue 29 item 1)", () => {
  it("maps a locale-prefixed member route to the unprefixed page", () => {
    expect(memberRouteOf("/de/signup")).toBe("/signup");
    expect(memberRouteOf("/pl/members")).toBe("/members");
    expect(memberRouteOf("/fi/chats/12")).toBe("/chats/12");
    expect(memberRouteOf("/de/members/7/signup")).toBe("/members/7/signup");
    expect(memberRouteOf("/nb/pricing")).toBe("/pricing");
  });

  it("leaves the locale's home, its prerendered pages and the console alone", () => {
    expect(memberRouteOf("/de/")).toBeNull();
    expect(memberRouteOf("/de")).toBeNull();
    expect(memberRouteOf("/de/terms")).toBeNull();
    expect(memberRouteOf("/de/landers/video")).toBeNull();
    expect(memberRouteOf("/de/landers/tinderswipe")).toBeNull();
    expect(memberRouteOf("/de/staff")).toBeNull();
    expect(memberRouteOf("/de/staff/inbox")).toBeNull();
    expect(memberRouteOf("/de/prerendered/amora/de/terms/")).toBeNull();
  });

  it("takes only the eleven locales as a prefix", () => {
    expect(memberRouteOf("/signup")).toBeNull();
    expect(memberRouteOf("/xx/signup")).toBeNull();
    expect(memberRouteOf("/en-US/privacy")).toBeNull();
    expect(memberRouteOf("/DE/signup")).toBeNull();
    expect(memberRouteOf("/de/%E0%A4%A")).toBeNull();
    expect(memberRouteOf("/de/%25E0%25A4%25A")).toBeNull();
  });
});
