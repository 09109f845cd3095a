import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../contract/staff-options";
import type { ApiError } from "../lib/errors";
import { hasPermission, PERMISSIONS, ROLE_PERMISSIONS, requirePermission } from "./permissions";

describe("the role table", () => {
  it("gives admins every permission, and each other role a part of them", () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const role of STAFF_ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    }
  });

  it("keeps the audit log, staff and settings to admins", () => {
    for (const permission of ["audit.read", "staff.manage", "settings.write"] as const) {
      expect(STAFF_ROLES.filter((role) => hasPermission(role, permission))).toEqual(["admin"]);
    }
  });

  it("gives member support (search, private reads, money, account actions) to support and admins", () => {
    for (const permission of [
      "members.search",
      "members.private_read",
      "members.credits",
      "members.support",
      "members.export",
      "members.erase",
      "orders.refund",
    ] as const) {
      expect(STAFF_ROLES.filter((role) => hasPermission(role, permission))).toEqual([
        "admin",
        "support",
      ]);
    }
  });

  it("gives the legal texts to editors and admins alone, and editors nothing else", () => {
    expect(STAFF_ROLES.filter((role) => hasPermission(role, "content.edit"))).toEqual([
      "admin",
      "editor",
    ]);
    expect(ROLE_PERMISSIONS.editor).toEqual(["content.edit"]);
  });

  it("gives the photo review to moderators and admins alone", () => {
    expect(STAFF_ROLES.filter((role) => hasPermission(role, "photos.review"))).toEqual([
      "admin",
      "moderator",
    ]);
  });

  it("gives the reports queue (reported conversations) to moderators and admins only", () => {
    for (const permission of ["reports.read", "reports.resolve"] as const) {
      expect(STAFF_ROLES.filter((role) => hasPermission(role, permission))).toEqual([
        "admin",
        "moderator",
      ]);
    }
  });

  it("keeps account actions (ban, suspend, lift, warn) to admins and moderators", () => {
    for (const permission of [
      "members.ban",
      "members.suspend",
      "members.lift",
      "members.warn",
    ] as const) {
      expect(STAFF_ROLES.filter((role) => hasPermission(role, permission))).toEqual([
        "admin",
        "moderator",
      ]);
    }
  });

  it("refuses a missing permission with 403 forbidden", () => {
    expect(() => requirePermission({ role: "operator" }, "members.read")).toThrowError(
      expect.objectContaining({ status: 403, code: "forbidden" }) as ApiError,
    );
    expect(() => requirePermission({ role: "support" }, "members.credits")).not.toThrow();
  });
});

describe("who works the flagged messages (issue 27 item 6)", () => {
  const table = STAFF_ROLES.flatMap((role) =>
    (["flags.read", "flags.resolve"] as const).map((permission) => ({
      role,
      permission,
      allowed: role === "admin" || role === "moderator",
    })),
  );
  it.each(table)("$role: $permission is allowed: $allowed", ({ role, permission, allowed }) => {
    expect(hasPermission(role, permission)).toBe(allowed);
    if (allowed) expect(() => requirePermission({ role }, permission)).not.toThrow();
    else expect(() => requirePermission({ role }, permission)).toThrow();
  });
});
