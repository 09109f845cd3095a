import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../test/members";
import { auditRowsOf, createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getReadyDb } from "../startup";
import { addStaff, disableStaff, listStaff } from "./accounts";
import { StaffCommandError } from "./command";
import { staffAccounts, staffSessions } from "./schema";
import { pruneStaffSessions, STAFF_SESSION_SECONDS, validateStaffSession } from "./session";

const app = createApp();

describe("staff accounts", () => {
  it("adds an account with one audit row, and refuses its address again in any case", async () => {
    const db = await getReadyDb();
    const email = uniqueEmail("staff-add");
    const added = await addStaff(db, { email, role: "support", password: "long enough pass" });
    expect(added).toEqual({ email, role: "support", totp_secret: expect.any(String) });
    const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const rows = await auditRowsOf(account?.id ?? 0);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "staff.add",
        staffId: null,
        targetType: "staff",
        after: { email, role: "support", language: "en" },
      }),
    ]);
    await expect(
      addStaff(db, { email: email.toUpperCase(), role: "admin", password: "long enough pass" }),
    ).rejects.toBeInstanceOf(StaffCommandError);
    expect((await listStaff(db)).filter((listed) => listed.email === email)).toHaveLength(1);
  });

  it("disables with one audit row, ending the account's sessions at once; twice changes nothing", async () => {
    const db = await getReadyDb();
    const staff = await createSignedInStaff(app, "moderator");
    expect((await staffCall(app, "GET", "/api/staff/audit", staff.cookie)).status).toBe(403);
    await disableStaff(db, staff.email);
    const answer = await staffCall(app, "GET", "/api/staff/audit", staff.cookie);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
    expect(
      await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id)),
    ).toEqual([]);
    await disableStaff(db, staff.email);
    const actions = (await auditRowsOf(staff.id)).map((row) => row.action);
    expect(actions).toEqual(["staff.add", "staff.login", "staff.disable"]);
  });

  it("ends a session 12 hours after sign-in, however busy", async () => {
    const db = await getReadyDb();
    const staff = await createSignedInStaff(app, "operator");
    const token = staff.cookie.replace(/^staff=/, "");
    const signedInAt = Date.now();
    const almost = signedInAt + STAFF_SESSION_SECONDS * 1000 - 60_000;
    expect(await validateStaffSession(db, token, almost)).not.toBeNull();
    const after = signedInAt + STAFF_SESSION_SECONDS * 1000 + 1_000;
    expect(await validateStaffSession(db, token, after)).toBeNull();
    expect(await pruneStaffSessions(db, new Date(after))).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    expect(left).toEqual([]);
  });
});
