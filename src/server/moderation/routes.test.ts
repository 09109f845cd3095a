import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../contract/staff-options";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { auditRowsOf, createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { hasPermission, type Permission } from "../staff/permissions";
import { getReadyDb } from "../startup";
import { bannedEmailHash } from "../users/banned-emails";
import { bannedEmailHashes, users } from "../users/schema";
import { strikesOf } from "./sanctions";

/*
 * design §13, issue 27 item 4: the account actions through the API: each action's effect on
 * the member's row, strikes and audit log; who may call them (every role, a member's cookie, no
 * cookie); what input is refused.
 */
const app = createApp();
type Signed = Awaited<ReturnType<typeof createSignedInStaff>>;
const staff = {} as Record<StaffRole, Signed>;

beforeAll(async () => {
  for (const role of STAFF_ROLES) staff[role] = await createSignedInStaff(app, role);
});

async function newMember(language = "de") {
  const db = await getReadyDb();
  return createTestMember(db, { language });
}

async function memberRow(id: number) {
  const db = await getReadyDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const ACTIONS: { action: string; permission: Permission; body: object }[] = [
  { action: "ban", permission: "members.ban", body: { reason: "Scam messages" } },
  { action: "suspend", permission: "members.suspend", body: { days: 7, reason: "Insults" } },
  { action: "lift", permission: "members.lift", body: { reason: "Appeal granted" } },
  { action: "warn", permission: "members.warn", body: { reason: "Rude opening lines" } },
];

describe("who may take an account action", () => {
  it.each(STAFF_ROLES)("is decided by the role table for %s", async (role) => {
    for (const { action, permission, body } of ACTIONS) {
      const { user } = await newMember();
      // A lift needs something to lift.
      if (action === "lift") {
        const banned = await staffCall(
          app,
          "POST",
          `/api/staff/members/${user.id}/ban`,
          staff.admin.cookie,
          { reason: "x" },
        );
        expect(banned.status).toBe(200);
      }
      const path = `/api/staff/members/${user.id}/${action}`;
      const response = await staffCall(app, "POST", path, staff[role].cookie, body);
      const allowed = hasPermission(role, permission);
      expect(response.status, `${role} ${action}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect((await response.json()).error).toBe("forbidden");
    }
  });

  it("refuses a member's cookie and no cookie on every action", async () => {
    const member = await createLoggedInMember(app);
    const { user } = await newMember();
    for (const { action, body } of ACTIONS) {
      const path = `/api/staff/members/${user.id}/${action}`;
      for (const cookie of [member.cookie, ""]) {
        const response = await staffCall(app, "POST", path, cookie, body);
        expect(response.status).toBe(403);
        expect((await response.json()).error).toBe("staff_authentication_required");
      }
    }
    expect((await memberRow(user.id))?.sanction).toBeNull();
  });
});

describe("POST /api/staff/members/{id}/ban", () => {
  it("bans: the row, one strike, exactly one audit row, the kept address, the notice", async () => {
    const { user } = await newMember("de");
    const path = `/api/staff/members/${user.id}/ban`;
    const response = await staffCall(app, "POST", path, staff.moderator.cookie, {
      reason: "Asked for money",
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.member).toEqual({ id: user.id, sanction: "banned", sanction_ends_at: null });
    expect(answer.strike).toMatchObject({
      kind: "ban",
      reason: "Asked for money",
      staff_id: staff.moderator.id,
    });
    expect((await memberRow(user.id))?.sanction).toBe("banned");
    const db = await getReadyDb();
    expect(await strikesOf(db, user.id)).toHaveLength(1);
    const audit = (await auditRowsOf(user.id)).filter((row) => row.targetType === "member");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "member.ban",
      staffId: staff.moderator.id,
      role: "moderator",
      reason: "Asked for money",
      before: { sanction: null, sanction_ends_at: null },
      after: { sanction: "banned", sanction_ends_at: null, strike: answer.strike.id },
    });
    const kept = await db
      .select()
      .from(bannedEmailHashes)
      .where(eq(bannedEmailHashes.hash, bannedEmailHash(user.email.toUpperCase())));
    expect(kept).toHaveLength(1);
    const [mail] = await findMailsTo(user.email);
    expect(mail?.kind).toBe("ban");
    expect(mail?.subject).toContain("gesperrt");
    expect(mail?.text).toContain("Asked for money");
    expect(mail?.text).toContain("/de/ban");

    // A second ban, and a suspension of a banned member, are refused; nothing more is written.
    const again = await staffCall(app, "POST", path, staff.admin.cookie, { reason: "Again" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("already_banned");
    const suspend = await staffCall(
      app,
      "POST",
      `/api/staff/members/${user.id}/suspend`,
      staff.admin.cookie,
      { days: 3, reason: "Again" },
    );
    expect(suspend.status).toBe(409);
    expect(await strikesOf(db, user.id)).toHaveLength(1);
    expect((await auditRowsOf(user.id)).filter((row) => row.targetType === "member")).toHaveLength(
      1,
    );
  });

  it("answers 404 for an unknown member, 422 for ids past int4 and bad reasons", async () => {
    const cookie = staff.admin.cookie;
    const unknown = await staffCall(app, "POST", "/api/staff/members/2147483647/ban", cookie, {
      reason: "x",
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe("not_found");
    for (const id of ["2147483648", "99999999999999999999", "0", "-1", "1e3", "abc"]) {
      const response = await staffCall(app, "POST", `/api/staff/members/${id}/ban`, cookie, {
        reason: "x",
      });
      expect(response.status, id).toBe(422);
    }
    const { user } = await newMember();
    const path = `/api/staff/members/${user.id}/ban`;
    for (const body of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: "nul \u0000 byte" },
      { reason: "x".repeat(1001) },
      { reason: "ok", extra: true },
    ]) {
      const response = await staffCall(app, "POST", path, cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect((await memberRow(user.id))?.sanction).toBeNull();
  });
});

describe("POST /api/staff/members/{id}/suspend", () => {
  it("suspends for 1 to 365 days, replacing a suspension, with the end in the notice", async () => {
    const { user } = await newMember("en");
    const path = `/api/staff/members/${user.id}/suspend`;
    for (const days of [0, 366, 1.5, "7", null]) {
      const response = await staffCall(app, "POST", path, staff.admin.cookie, {
        days,
        reason: "Insults",
      });
      expect(response.status, String(days)).toBe(422);
    }
    const before = Date.now();
    const response = await staffCall(app, "POST", path, staff.admin.cookie, {
      days: 7,
      reason: "Insults",
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    const endsAt = new Date(answer.member.sanction_ends_at).getTime();
    expect(endsAt - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(endsAt - before).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(answer.strike).toMatchObject({
      kind: "suspend",
      ends_at: answer.member.sanction_ends_at,
    });
    const [mail] = await findMailsTo(user.email);
    expect(mail?.kind).toBe("suspension");
    expect(mail?.text).toMatch(/Until \w+ \d+, \d{4}/);

    const longer = await staffCall(app, "POST", path, staff.admin.cookie, {
      days: 365,
      reason: "Insults again",
    });
    expect(longer.status).toBe(200);
    const row = await memberRow(user.id);
    expect(row?.sanction).toBe("suspended");
    expect(row?.sanctionEndsAt?.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    const audit = (await auditRowsOf(user.id)).filter((entry) => entry.targetType === "member");
    expect(audit.map((entry) => entry.action)).toEqual(["member.suspend", "member.suspend"]);
    expect(audit[1]?.before).toEqual({
      sanction: "suspended",
      sanction_ends_at: answer.member.sanction_ends_at,
    });
  });
});

describe("POST /api/staff/members/{id}/lift and /warn", () => {
  it("lifts a ban: the profile and the address are free again; nothing to lift is a 409", async () => {
    const { user } = await newMember();
    const cookie = staff.moderator.cookie;
    const base = `/api/staff/members/${user.id}`;
    const nothing = await staffCall(app, "POST", `${base}/lift`, cookie, { reason: "x" });
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).error).toBe("not_sanctioned");
    await staffCall(app, "POST", `${base}/ban`, cookie, { reason: "Spam" });
    const lifted = await staffCall(app, "POST", `${base}/lift`, cookie, { reason: "Mistaken" });
    expect(lifted.status).toBe(200);
    expect((await lifted.json()).member).toEqual({
      id: user.id,
      sanction: null,
      sanction_ends_at: null,
    });
    const db = await getReadyDb();
    const kept = await db
      .select()
      .from(bannedEmailHashes)
      .where(eq(bannedEmailHashes.hash, bannedEmailHash(user.email)));
    expect(kept).toEqual([]);
    expect((await strikesOf(db, user.id)).map((strike) => strike.kind)).toEqual(["lift", "ban"]);
    const audit = (await auditRowsOf(user.id)).filter((entry) => entry.targetType === "member");
    expect(audit.map((entry) => entry.action)).toEqual(["member.ban", "member.lift"]);
    expect(audit[1]).toMatchObject({
      before: { sanction: "banned" },
      after: { sanction: null, sanction_ends_at: null },
    });
    // The lift sends no notice: the ban's is the only mail.
    expect((await findMailsTo(user.email)).map((mail) => mail.kind)).toEqual(["ban"]);
  });

  it("warns: a strike, one audit row and a notice in the member's language, nothing else", async () => {
    const { user } = await newMember("fr");
    const response = await staffCall(
      app,
      "POST",
      `/api/staff/members/${user.id}/warn`,
      staff.admin.cookie,
      { reason: "Propos déplacés" },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).member.sanction).toBeNull();
    expect((await memberRow(user.id))?.sanction).toBeNull();
    const audit = (await auditRowsOf(user.id)).filter((entry) => entry.targetType === "member");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "member.warn", before: null, role: "admin" });
    const [mail] = await findMailsTo(user.email);
    expect(mail?.kind).toBe("warning");
    expect(mail?.subject).toContain("avertissement");
    expect(mail?.text).toContain("Propos déplacés");
  });
});

describe("GET /api/staff/members/{id}/moderation", () => {
  it("answers the sanction and strikes to who may read members; nothing private, no audit row", async () => {
    const { user, profile } = await newMember();
    const banned = await staffCall(
      app,
      "POST",
      `/api/staff/members/${user.id}/ban`,
      staff.moderator.cookie,
      { reason: "Scam" },
    );
    expect(banned.status).toBe(200);
    const path = `/api/staff/members/${user.id}/moderation`;
    for (const role of STAFF_ROLES) {
      const response = await staffCall(app, "GET", path, staff[role].cookie);
      expect(response.status, role).toBe(hasPermission(role, "members.read") ? 200 : 403);
    }
    const response = await staffCall(app, "GET", path, staff.moderator.cookie);
    expect(await response.json()).toMatchObject({
      id: user.id,
      name: profile.name,
      erased: false,
      moderation: {
        sanction: "banned",
        sanction_ends_at: null,
        strikes: [{ kind: "ban", reason: "Scam", staff_id: staff.moderator.id }],
      },
    });
    const audit = (await auditRowsOf(user.id)).filter((entry) => entry.targetType === "member");
    expect(audit.map((entry) => entry.action)).toEqual(["member.ban"]);
    for (const cookie of ["", (await createLoggedInMember(app)).cookie]) {
      expect((await staffCall(app, "GET", path, cookie)).status).toBe(403);
    }
    const unknown = await staffCall(
      app,
      "GET",
      "/api/staff/members/2147483647/moderation",
      staff.moderator.cookie,
    );
    expect(unknown.status).toBe(404);
  });
});
