import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SanctionAnswer } from "../../contract/moderation";
import { STAFF_ROLES } from "../../contract/staff-options";
import type { SupportMemberAnswer, SupportSearchAnswer } from "../../contract/staff-support";
import { createPaidOrder } from "../../test/api";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createSignedInStaff, staffActionsOf, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { sendMail } from "../lib/mail";
import { reports } from "../reports/schema";
import { getSiteById } from "../sites/registry";
import { hasPermission, type Permission } from "../staff/permissions";
import { getReadyDb } from "../startup";

const app = createApp();

async function newMember(options: Parameters<typeof createTestMember>[1] = {}) {
  return createTestMember(await getReadyDb(), options);
}

/** Every member support call, what it needs, and a body that does something. */
const SUPPORT_CALLS: {
  method: string;
  path: (id: number) => string;
  permission: Permission;
  body?: unknown;
}[] = [
  { method: "GET", path: () => "/api/staff/members?q=alex", permission: "members.search" },
  { method: "GET", path: (id) => `/api/staff/members/${id}`, permission: "members.private_read" },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/credits`,
    permission: "members.credits",
    body: { delta: 5, reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/refund`,
    permission: "orders.refund",
    body: { order_id: 1, reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/resend-activation`,
    permission: "members.support",
    body: { reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/end-sessions`,
    permission: "members.support",
    body: { reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/lift-direct-debit-block`,
    permission: "members.support",
    body: { reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/export`,
    permission: "members.export",
    body: { reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/erase`,
    permission: "members.erase",
    body: { reason: "goodwill" },
  },
  {
    method: "POST",
    path: (id) => `/api/staff/members/${id}/fictional`,
    permission: "members.support",
    body: { fictional: true, reason: "goodwill" },
  },
];

describe("who reaches member support", () => {
  it.each(SUPPORT_CALLS)(
    "$method $permission: no cookie or a member's is 403 staff_authentication_required",
    async ({ method, path, body }) => {
      const member = await createLoggedInMember(app);
      for (const cookie of ["", member.cookie]) {
        const answer = await staffCall(app, method, path(member.user.id), cookie, body);
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
      }
    },
  );

  const table = STAFF_ROLES.map((role) => ({ role }));
  it.each(table)("$role: each call is allowed by the role table, else 403", async ({ role }) => {
    const staff = await createSignedInStaff(app, role);
    for (const { method, path, permission, body } of SUPPORT_CALLS) {
      const member = await newMember({ status: "not_confirmed" });
      const answer = await staffCall(app, method, path(member.user.id), staff.cookie, body);
      if (hasPermission(role, permission)) {
        // Allowed: it ran (a refund of an order the member does not have is its own 404).
        expect([200, 404, 409], `${method} ${permission}`).toContain(answer.status);
        if (answer.status !== 200) {
          expect((await answer.json()) as { error: string }).not.toMatchObject({
            error: "forbidden",
          });
        }
      } else {
        expect(answer.status, `${method} ${permission}`).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "forbidden" });
      }
    }
    // Refused calls write nothing; each allowed one wrote its one row.
    const allowed = SUPPORT_CALLS.filter(({ permission }) => hasPermission(role, permission));
    const rows = await staffActionsOf(staff);
    expect(rows.length).toBeLessThanOrEqual(allowed.length);
    if (allowed.length === 0) expect(rows).toEqual([]);
  });

  it("refuses every action without a reason (1 to 500 characters): 422, no audit row", async () => {
    const staff = await createSignedInStaff(app, "admin");
    const writes = SUPPORT_CALLS.filter(({ method }) => method === "POST");
    expect(writes.length).toBeGreaterThanOrEqual(8);
    for (const { path, body } of writes) {
      const member = await newMember({ status: "not_confirmed" });
      expect(body, path(0)).toMatchObject({ reason: expect.any(String) });
      const { reason: _, ...without } = body as { reason: string };
      for (const wrong of [
        without,
        { ...without, reason: " " },
        { ...without, reason: "x".repeat(501) },
      ]) {
        const answer = await staffCall(app, "POST", path(member.user.id), staff.cookie, wrong);
        expect(answer.status, path(0)).toBe(422);
        expect(await answer.json()).toMatchObject({ fields: { reason: expect.anything() } });
      }
    }
    expect(await staffActionsOf(staff)).toEqual([]);
  });

  it("answers ids past 2^31, zero and junk with a 4xx, never a 5xx", async () => {
    const staff = await createSignedInStaff(app, "support");
    for (const id of ["2147483648", "99999999999999999999", "0", "-1", "1e3", "%00"]) {
      for (const { method, path, body } of SUPPORT_CALLS.slice(1)) {
        const answer = await staffCall(
          app,
          method,
          path(0).replace("/0", `/${id}`),
          staff.cookie,
          body,
        );
        expect(answer.status, `${method} ${id}`).toBe(422);
      }
    }
    const unknown = await staffCall(app, "GET", "/api/staff/members/2147483647", staff.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found" });
    for (const q of ["2147483648", "99999999999999999999999", "a\u0000b", "%"]) {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/members?q=${encodeURIComponent(q)}`,
        staff.cookie,
      );
      expect(answer.status, q).toBeLessThan(500);
    }
  });
});

describe("GET /api/staff/members?q=", () => {
  it("finds by address (any case), id, name prefix and order; one audit row without the query", async () => {
    const staff = await createSignedInStaff(app, "support");
    const name = `Zq${randomUUID().slice(0, 8)}`;
    const email = `Support-${randomUUID()}@Test.example`;
    const member = await newMember({ email, profile: { name }, photoCount: 1 });
    const search = async (q: string) => {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/members?q=${encodeURIComponent(q)}`,
        staff.cookie,
      );
      expect(answer.status).toBe(200);
      return ((await answer.json()) as SupportSearchAnswer).members;
    };
    const [byEmail] = await search(email.toLowerCase());
    expect(byEmail).toMatchObject({
      id: member.user.id,
      profile_id: member.profile.id,
      name,
      site: "amora",
      status: "confirmed",
      matched_by: "email",
    });
    expect(byEmail?.thumb).toMatch(/-thumb\.webp\?/);
    expect((await search(String(member.user.id))).map((hit) => hit.id)).toContain(member.user.id);
    expect(await search(name.slice(0, 6).toUpperCase())).toMatchObject([
      { id: member.user.id, matched_by: "name" },
    ]);
    // A name's % and _ are letters, not wildcards.
    expect(await search("%")).toEqual([]);
    expect(await search("no-such-address@test.example")).toEqual([]);

    const rows = await staffActionsOf(staff);
    expect(rows.map((row) => row.action)).toEqual(Array(5).fill("member.search"));
    expect(rows[0]?.after).toEqual({ kind: "email", results: 1, members: String(member.user.id) });
    expect(JSON.stringify(rows)).not.toContain(email.toLowerCase().split("@")[0]);
  });

  it("finds a member by one of their orders, by id and by the provider's reference", async () => {
    const staff = await createSignedInStaff(app, "admin");
    const buyer = await createLoggedInMember(app, { profile: { country: "nl" } });
    const order = await createPaidOrder(app, buyer.cookie, { package_id: 1, method: "paypal" });
    for (const q of [String(order.id), order.providerRef]) {
      const answer = await staffCall(app, "GET", `/api/staff/members?q=${q}`, staff.cookie);
      const { members } = (await answer.json()) as SupportSearchAnswer;
      expect(members).toContainEqual(
        expect.objectContaining({ id: buyer.user.id, matched_by: "order" }),
      );
    }
  });
});

describe("GET /api/staff/members/{id}", () => {
  it("shows the member's account, photos, sessions, orders, ledger, reports, blocks and mail; one audit row", async () => {
    const staff = await createSignedInStaff(app, "support");
    const member = await createLoggedInMember(app, { credits: 30, photoCount: 2 });
    const other = await newMember({ profile: { name: "Reporter" } });
    const db = await getReadyDb();
    await db.insert(reports).values({
      reporterUserId: other.user.id,
      reportedUserId: member.user.id,
      reason: "spam",
      note: "sends links",
    });
    await sendMail(db, getSiteById("amora"), {
      kind: "test",
      to: member.email.toUpperCase(),
      subject: "Hello",
      text: "x",
      html: "<p>x</p>",
    });

    const answer = await staffCall(
      app,
      "GET",
      `/api/staff/members/${member.user.id}`,
      staff.cookie,
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as SupportMemberAnswer;
    expect(body.account).toMatchObject({ id: member.user.id, email: member.email, credits: 30 });
    expect(body.profile).toMatchObject({ id: member.profile.id, fictional: false });
    expect(body.photos).toHaveLength(2);
    expect(body.photos[0]).toMatchObject({ status: "active", is_main: true });
    expect(body.sessions).toHaveLength(1);
    expect(Object.keys(body.sessions[0] ?? {})).toEqual(["created_at", "expires_at"]);
    expect(body.ledger.entries).toMatchObject([{ delta: 30, reason: "correction" }]);
    expect(body.reports_against).toMatchObject([
      { other_id: other.user.id, other_name: "Reporter", reason: "spam", note: "sends links" },
    ]);
    expect(body.reports_by).toEqual([]);
    expect(body.mails).toMatchObject([{ kind: "test", subject: "Hello" }]);
    expect(JSON.stringify(body)).not.toMatch(/[0-9a-f]{64}/);

    const rows = await staffActionsOf(staff);
    expect(rows).toMatchObject([
      { action: "member.read", targetType: "member", targetId: String(member.user.id) },
    ]);
  });

  it("answers the member's sanction and strikes, newest first", async () => {
    const staff = await createSignedInStaff(app, "admin");
    const member = await newMember();
    const read = async () => {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/members/${member.user.id}`,
        staff.cookie,
      );
      expect(answer.status).toBe(200);
      return ((await answer.json()) as SupportMemberAnswer).moderation;
    };
    expect(await read()).toEqual({ sanction: null, sanction_ends_at: null, strikes: [] });

    const act = (action: string, body: object) =>
      staffCall(app, "POST", `/api/staff/members/${member.user.id}/${action}`, staff.cookie, body);
    expect((await act("warn", { reason: "Rude" })).status).toBe(200);
    const suspended = await act("suspend", { days: 3, reason: "Insults" });
    const { member: state } = (await suspended.json()) as SanctionAnswer;
    const moderation = await read();
    expect(moderation).toMatchObject({
      sanction: "suspended",
      sanction_ends_at: state.sanction_ends_at,
      strikes: [
        { kind: "suspend", reason: "Insults", staff_id: staff.id, ends_at: state.sanction_ends_at },
        { kind: "warn", reason: "Rude", staff_id: staff.id, ends_at: null },
      ],
    });
  });
});
