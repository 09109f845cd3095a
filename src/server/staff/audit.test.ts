import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditAnswer } from "../../contract/staff";
import type { StaffAuditAction } from "../../contract/staff-options";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getReadyDb } from "../startup";
import { recordStaffAction } from "./audit";

const app = createApp();

describe("the audit log", () => {
  // One action name for this file's rows, so other rows never show in its pages.
  const action = `test.${randomUUID().slice(0, 8).replace(/\d/g, "x")}`;
  let admin: Awaited<ReturnType<typeof createSignedInStaff>>;
  let moderator: Awaited<ReturnType<typeof createSignedInStaff>>;

  beforeAll(async () => {
    admin = await createSignedInStaff(app, "admin");
    moderator = await createSignedInStaff(app, "moderator");
    const db = await getReadyDb();
    for (let n = 1; n <= 5; n++) {
      await recordStaffAction(
        db,
        { staff: { id: moderator.id, role: "moderator" }, ip: "192.0.2.9" },
        {
          // Not one of STAFF_AUDIT_ACTIONS on purpose: no real row shares it.
          action: action as StaffAuditAction,
          target: { type: "member", id: n % 2 === 0 ? 42 : 7 },
          reason: `reason ${n}`,
          before: { credits: n },
          after: { credits: n + 1 },
        },
      );
    }
  });

  const list = async (query: Record<string, string>) => {
    const answer = await staffCall(
      app,
      "GET",
      `/api/staff/audit?${new URLSearchParams({ action, ...query })}`,
      admin.cookie,
    );
    expect(answer.status).toBe(200);
    return (await answer.json()) as AuditAnswer;
  };

  it("lists newest first, a page at a time, with who acted in which role", async () => {
    const first = await list({ limit: "2" });
    expect(first.entries.map((entry) => entry.reason)).toEqual(["reason 5", "reason 4"]);
    expect(first.entries[0]).toMatchObject({
      staff_id: moderator.id,
      staff_email: moderator.email,
      role: "moderator",
      target_type: "member",
      target_id: "7",
      before: { credits: 5 },
      after: { credits: 6 },
      ip: "192.0.2.9",
    });
    const second = await list({ limit: "2", cursor: first.next_cursor ?? "" });
    expect(second.entries.map((entry) => entry.reason)).toEqual(["reason 3", "reason 2"]);
    const last = await list({ limit: "2", cursor: second.next_cursor ?? "" });
    expect(last.entries.map((entry) => entry.reason)).toEqual(["reason 1"]);
    expect(last.next_cursor).toBeNull();
  });

  it("filters by staff member, target and time", async () => {
    expect((await list({ staff: String(moderator.id) })).entries).toHaveLength(5);
    expect((await list({ staff: String(admin.id) })).entries).toHaveLength(0);
    const target = await list({ target_type: "member", target_id: "42" });
    expect(target.entries.map((entry) => entry.reason)).toEqual(["reason 4", "reason 2"]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list({ from: future })).entries).toHaveLength(0);
    expect((await list({ to: future })).entries).toHaveLength(5);
  });

  it("refuses a malformed cursor or filter with 422", async () => {
    for (const query of ["cursor=abc", "cursor=0", "staff=2147483648", "from=yesterday"]) {
      const answer = await staffCall(app, "GET", `/api/staff/audit?${query}`, admin.cookie);
      expect(answer.status, query).toBe(422);
    }
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    const db = await getReadyDb();
    await expect(db.execute(sql`update staff_audit set reason = 'rewritten'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_audit`)).rejects.toThrow();
  });
});
