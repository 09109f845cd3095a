import { describe, expect, it } from "vitest";
import { screensOf } from "./console-nav";

describe("the console's screens (design §13)", () => {
  it("starts each role on its first screen: the reports queue for those who work reports", () => {
    // /staff redirects to the first of these (pages/staff/index.astro).
    const first = (role: Parameters<typeof screensOf>[0]) => screensOf(role)[0]?.href;
    expect(first("moderator")).toBe("/staff/reports");
    expect(first("admin")).toBe("/staff/reports");
    expect(first("support")).toBe("/staff/members");
    expect(screensOf("operator")).toEqual([]);
  });

  it("shows a role only the screens its permissions open", () => {
    expect(screensOf("moderator").map((screen) => screen.href)).toEqual(["/staff/reports"]);
    expect(screensOf("support").map((screen) => screen.href)).toEqual(["/staff/members"]);
  });
});
