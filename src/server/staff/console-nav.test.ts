import { describe, expect, it } from "vitest";
import { screensOf } from "./console-nav";

describe("the console's screens (design §13)", () => {
  const hrefs = (role: Parameters<typeof screensOf>[0]) =>
    screensOf(role).map((screen) => screen.href);

  it("starts each role on its first screen: the reports queue for those who work reports", () => {
    // /staff redirects to the first of these (pages/staff/index.astro).
    expect(hrefs("moderator")[0]).toBe("/staff/reports");
    // issue 28 item 4: an admin opens on the numbers at a glance.
    expect(hrefs("admin")[0]).toBe("/staff/overview");
    expect(hrefs("support")[0]).toBe("/staff/members");
    expect(hrefs("operator")).toEqual(["/staff/inbox"]);
    expect(hrefs("editor")).toEqual(["/staff/legal"]);
  });

  it("opens the site settings to admins alone (issue 28 item 2)", () => {
    for (const role of ["moderator", "support", "operator", "editor"] as const) {
      expect(hrefs(role)).not.toContain("/staff/settings");
    }
    expect(hrefs("admin")).toContain("/staff/settings");
  });

  it("shows a role only the screens its permissions open", () => {
    expect(hrefs("moderator")).toEqual(["/staff/reports", "/staff/photos", "/staff/safety"]);
    expect(hrefs("support")).toEqual(["/staff/members"]);
    expect(hrefs("admin")).toEqual([
      "/staff/overview",
      "/staff/reports",
      "/staff/inbox",
      "/staff/photos",
      "/staff/safety",
      "/staff/members",
      "/staff/legal",
      "/staff/discounts",
      "/staff/settings",
      "/staff/audit",
    ]);
  });
});
