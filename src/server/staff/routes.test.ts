import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../contract/staff-options";
import { createLoggedInMember } from "../../test/members";
import {
  auditRowsOf,
  createSignedInStaff,
  createTestStaff,
  currentTotp,
  STAFF_PASSWORD,
  staffCall,
  staffLoginCall,
} from "../../test/staff";
import { createApp } from "../app";
import { getReadyDb } from "../startup";
import { disableStaff } from "./accounts";
import { hasPermission, type Permission } from "./permissions";

const app = createApp();

/**
 * Every staff call built so far, what it needs, and what an allowed role gets (200 unless
 * said: a case past the last id is 404 once the permission let the call through).
 */
const STAFF_CALLS: {
  method: string;
  path: string;
  permission: Permission | null;
  body?: unknown;
  allowedStatus?: number;
}[] = [
  { method: "GET", path: "/api/staff/audit", permission: "audit.read" },
  { method: "POST", path: "/api/staff/logout", permission: null },
  { method: "GET", path: "/api/staff/photos", permission: "photos.review" },
  {
    method: "POST",
    path: "/api/staff/photos/2147483647/approve",
    permission: "photos.review",
    allowedStatus: 404,
  },
  {
    method: "POST",
    path: "/api/staff/photos/2147483647/reject",
    permission: "photos.review",
    body: { reason: "nudity" },
    allowedStatus: 404,
  },
  { method: "GET", path: "/api/staff/reports", permission: "reports.read" },
  {
    method: "POST",
    path: "/api/staff/reports/2147483647/claim",
    permission: "reports.resolve",
    allowedStatus: 404,
  },
  {
    method: "POST",
    path: "/api/staff/reports/2147483647/unclaim",
    permission: "reports.resolve",
    allowedStatus: 404,
  },
  {
    method: "POST",
    path: "/api/staff/reports/2147483647/resolve",
    permission: "reports.resolve",
    body: { action: "dismiss", reason: "Nothing against the rules." },
    allowedStatus: 404,
  },
];

describe("the staff API's sign-in", () => {
  it("sets a 12-hour HttpOnly, SameSite=Strict staff cookie on path / and audits it", async () => {
    const staff = await createTestStaff("moderator", { language: "de" });
    const answer = await staffLoginCall(app, {
      email: staff.email.toUpperCase(),
      password: STAFF_PASSWORD,
      totp: currentTotp(staff),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      staff: { id: staff.id, email: staff.email, role: "moderator", language: "de" },
    });
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^staff=[a-z2-7]{32};/);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await auditRowsOf(staff.id)).map((row) => row.action)).toEqual([
      "staff.add",
      "staff.login",
    ]);
  });

  it("marks the cookie Secure where the client came over HTTPS", async () => {
    const staff = await createTestStaff("support");
    const answer = await app.request("https://localhost/api/staff/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: staff.email,
        password: STAFF_PASSWORD,
        totp: currentTotp(staff),
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("refuses a wrong code and a wrong password alike, and audits the attempts", async () => {
    const staff = await createTestStaff("support");
    const wrongCode = String((Number(currentTotp(staff)) + 1) % 1_000_000).padStart(6, "0");
    const attempts = [
      { email: staff.email, password: STAFF_PASSWORD, totp: wrongCode },
      { email: staff.email, password: "not the password at all", totp: currentTotp(staff) },
    ];
    const bodies = [];
    for (const attempt of attempts) {
      const answer = await staffLoginCall(app, attempt);
      expect(answer.status).toBe(401);
      bodies.push(await answer.json());
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ error: "login_failed" });
    expect((await auditRowsOf(staff.id)).map((row) => row.action)).toEqual([
      "staff.add",
      "staff.login_failed",
      "staff.login_failed",
    ]);
  });

  it("refuses a code used once already, within its window, and takes the next step's", async () => {
    const staff = await createTestStaff("operator");
    const body = { email: staff.email, password: STAFF_PASSWORD, totp: currentTotp(staff) };
    expect((await staffLoginCall(app, body)).status).toBe(200);
    expect((await staffLoginCall(app, body)).status).toBe(401);
    // An earlier step's code, still inside the ±1 window, is older than the one used: refused.
    const earlier = { ...body, totp: currentTotp(staff, -1) };
    expect((await staffLoginCall(app, earlier)).status).toBe(401);
    expect((await staffLoginCall(app, { ...body, totp: currentTotp(staff, 1) })).status).toBe(200);
  });

  it("locks an address out after 5 failures, telling the minutes, even for the right code", async () => {
    const staff = await createTestStaff("admin");
    const wrong = { email: staff.email, password: "wrong password here", totp: currentTotp(staff) };
    for (let attempt = 1; attempt < 5; attempt++) {
      expect((await staffLoginCall(app, wrong)).status).toBe(401);
    }
    const fifth = await staffLoginCall(app, wrong);
    expect(fifth.status).toBe(429);
    const blocked = await staffLoginCall(app, { ...wrong, password: STAFF_PASSWORD });
    expect(blocked.status).toBe(429);
    const body = (await blocked.json()) as { error: string; message: string };
    expect(body.error).toBe("account_blocked");
    expect(body.message).toMatch(/\d+ min/);
  });

  it("refuses a disabled account once its credentials are right", async () => {
    const staff = await createTestStaff("support");
    await disableStaff(await getReadyDb(), staff.email);
    const answer = await staffLoginCall(app, {
      email: staff.email,
      password: STAFF_PASSWORD,
      totp: currentTotp(staff),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: "staff_disabled" });
  });
});

describe("who reaches a staff call", () => {
  it.each(STAFF_CALLS)(
    "$method $path: no cookie or a member's is 403 staff_authentication_required",
    async ({ method, path, body }) => {
      const member = await createLoggedInMember(app);
      for (const cookie of ["", member.cookie]) {
        const answer = await staffCall(app, method, path, cookie, body);
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
      }
    },
  );

  it("never takes a staff cookie for a member's session", async () => {
    const staff = await createSignedInStaff(app, "admin");
    const answer = await staffCall(app, "GET", "/api/user.php", staff.cookie);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: "authentication_required" });
  });

  const table = STAFF_ROLES.flatMap((role) =>
    STAFF_CALLS.map((call) => ({
      role,
      ...call,
      allowed: call.permission === null || hasPermission(role, call.permission),
    })),
  );
  it.each(table)(
    "$role: $method $path is allowed: $allowed",
    async ({ role, method, path, body, allowed, allowedStatus }) => {
      const staff = await createSignedInStaff(app, role);
      const answer = await staffCall(app, method, path, staff.cookie, body);
      if (allowed) {
        expect(answer.status).toBe(allowedStatus ?? 200);
      } else {
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "forbidden" });
      }
    },
  );
});

describe("POST /api/staff/logout", () => {
  it("ends the session, removes the cookie and writes one audit row", async () => {
    const staff = await createSignedInStaff(app, "support");
    const before = (await auditRowsOf(staff.id)).length;
    const answer = await staffCall(app, "POST", "/api/staff/logout", staff.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/staff=;.*Max-Age=0/);
    const rows = await auditRowsOf(staff.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: "staff.logout",
      staffId: staff.id,
      role: "support",
    });
    const again = await staffCall(app, "GET", "/api/staff/audit", staff.cookie);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: "staff_authentication_required" });
  });
});
