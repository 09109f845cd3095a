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
