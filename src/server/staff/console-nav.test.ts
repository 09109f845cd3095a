import { describe, expect, it } from "vitest";
import { screensOf } from "./console-nav";

describe("the console's screens by role (design §13)", () => {
  it("gives moderators photo review and message safety, and support neither", () => {
    const hrefs = (role: Parameters<typeof screensOf>[0]) =>
      screensOf(role).map((screen) => screen.href);
    expect(hrefs("moderator")).toEqual(["/staff/photos", "/staff/safety"]);
    expect(hrefs("support")).toEqual(["/staff/members"]);
    expect(hrefs("admin")).toEqual([
      "/staff/photos",
      "/staff/safety",
      "/staff/members",
      "/staff/audit",
    ]);
    expect(hrefs("operator")).toEqual([]);
  });
});
