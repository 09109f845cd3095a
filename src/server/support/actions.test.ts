import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffRefundAnswer } from "../../contract/staff-support";
import { createPaidOrder } from "../../test/api";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember, createTestMember, memberBalance } from "../../test/members";
import { createSignedInStaff, staffActionsOf, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { sessions } from "../auth/schema";
import { creditLedger } from "../credits/schema";
import { mailOutbox } from "../lib/mail-schema";
import { syncOrder } from "../payments/crediting";
import { blockDirectDebit } from "../payments/direct-debit-limits";
import { refundJob } from "../payments/job-types";
import { createSandboxProvider } from "../payments/sandbox";
import { orders, sandboxPayments } from "../payments/schema";
import { profiles } from "../profiles/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";

const app = createApp();

async function newMember(options: Parameters<typeof createTestMember>[1] = {}) {
  return createTestMember(await getReadyDb(), options);
}

describe("member support's actions", () => {
  it("corrects a balance up and down with a correction row, never below zero; one audit row each", async () => {
    const staff = await createSignedInStaff(app, "support");
    const member = await newMember({ credits: 10 });
    const correct = (delta: number) =>
      staffCall(app, "POST", `/api/staff/members/${member.user.id}/credits`, staff.cookie, {
        delta,
        reason: "ticket 42",
      });
    expect(await (await correct(15)).json()).toEqual({ credits: 25 });
    const refused = await correct(-26);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_enough_credits" });
    expect(await (await correct(-25)).json()).toEqual({ credits: 0 });
    expect((await correct(0)).status).toBe(422);

    const db = await getReadyDb();
    const ledger = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, member.user.id))
      .orderBy(asc(creditLedger.id));
    expect(ledger.map((row) => [row.delta, row.reason, row.reference])).toEqual([
      [10, "correction", null],
      [15, "correction", `staff:${staff.id}`],
      [-25, "correction", `staff:${staff.id}`],
    ]);
    const rows = await staffActionsOf(staff);
    expect(rows).toMatchObject([
      {
        action: "member.credits",
        reason: "ticket 42",
        before: { credits: 10 },
        after: { credits: 25 },
      },
      { action: "member.credits", before: { credits: 25 }, after: { credits: 0 } },
    ]);
  });

  it("refunds only the member's own completed order, through the provider, once", async () => {
    const staff = await createSignedInStaff(app, "support");
    const buyer = await createLoggedInMember(app, { profile: { country: "nl" } });
    const stranger = await newMember();
    const db = await getReadyDb();
    const paid = await createPaidOrder(app, buyer.cookie, { package_id: 1, method: "paypal" });
    const order = await syncOrder(db, createSandboxProvider(db), paid);
    expect(order.state).toBe("completed");
    const refund = (memberId: number) =>
      staffCall(app, "POST", `/api/staff/members/${memberId}/refund`, staff.cookie, {
        order_id: order.id,
        reason: "double charge",
      });

    const wrong = await refund(stranger.user.id);
    expect(wrong.status).toBe(404);
    const answer = await refund(buyer.user.id);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as StaffRefundAnswer;
    expect(body).toMatchObject({ order: { id: order.id, state: "refunded" } });
    expect(body.credits_taken).toBe(order.credits);
    expect(await memberBalance(buyer.user.id)).toEqual({ credits: 0, paid: false });
    expect((await refund(buyer.user.id)).status).toBe(409);

    await runJobsNamed([refundJob.name]);
    const [payment] = await db
      .select({ refunded: sandboxPayments.refunded })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, order.providerRef ?? ""));
    expect(payment?.refunded).toBe(order.amount);
    expect(await staffActionsOf(staff)).toMatchObject([
      {
        action: "order.refund",
        targetType: "order",
        targetId: String(order.id),
        reason: "double charge",
      },
    ]);
  });

  it("resends the activation, only to an unconfirmed member", async () => {
    const staff = await createSignedInStaff(app, "support");
    const member = await newMember({ status: "not_confirmed", language: "de" });
    const confirmed = await newMember();
    const resend = (id: number) =>
      staffCall(app, "POST", `/api/staff/members/${id}/resend-activation`, staff.cookie, {
        reason: "ticket 7: no mail arrived",
      });
    expect((await resend(member.user.id)).status).toBe(200);
    const refused = await resend(confirmed.user.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "already_confirmed" });
    const db = await getReadyDb();
    const mails = await db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.to})`, member.user.email.toLowerCase()));
    expect(mails).toEqual([{ kind: "activation" }]);
    expect((await staffActionsOf(staff)).map((r) => [r.action, r.reason])).toEqual([
      ["member.resend_activation", "ticket 7: no mail arrived"],
    ]);
  });

  it("ends every session of the member", async () => {
    const staff = await createSignedInStaff(app, "support");
    const member = await createLoggedInMember(app);
    const answer = await staffCall(
      app,
      "POST",
      `/api/staff/members/${member.user.id}/end-sessions`,
      staff.cookie,
      { reason: "lost phone" },
    );
    expect(await answer.json()).toEqual({ ended: 1 });
    const db = await getReadyDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    const again = await staffCall(app, "GET", "/api/user.php", member.cookie);
    expect(again.status).toBe(403);
    expect((await staffActionsOf(staff)).map((r) => [r.action, r.reason, r.after])).toEqual([
      ["member.end_sessions", "lost phone", { sessions_ended: 1 }],
    ]);
  });

  it("lifts a direct-debit block, and says when there is none", async () => {
    const staff = await createSignedInStaff(app, "support");
    const member = await newMember();
    const db = await getReadyDb();
    await blockDirectDebit(db, member.user.id, 1);
    const lift = () =>
      staffCall(
        app,
        "POST",
        `/api/staff/members/${member.user.id}/lift-direct-debit-block`,
        staff.cookie,
        { reason: "bank confirmed the mandate" },
      );
    expect((await lift()).status).toBe(200);
    const none = await lift();
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ error: "direct_debit_not_blocked" });
    expect((await staffActionsOf(staff)).map((r) => [r.action, r.reason])).toEqual([
      ["member.lift_direct_debit_block", "bank confirmed the mandate"],
    ]);
  });

  it("exports the member's data, marks the profile fictional, erases the account", async () => {
    const staff = await createSignedInStaff(app, "admin");
    const member = await createLoggedInMember(app, { photoCount: 1 });
    const base = `/api/staff/members/${member.user.id}`;
    const exported = await staffCall(app, "POST", `${base}/export`, staff.cookie, {
      reason: "access request by mail",
    });
    expect(exported.status).toBe(200);
    expect(await exported.json()).toMatchObject({ account: { email: member.email } });

    expect(
      (
        await staffCall(app, "POST", `${base}/fictional`, staff.cookie, {
          fictional: true,
          reason: "team profile",
        })
      ).status,
    ).toBe(200);
    const db = await getReadyDb();
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.user.id));
    expect(profile?.fictional).toBe(true);

    const erase = { reason: "erasure asked by mail" };
    expect((await staffCall(app, "POST", `${base}/erase`, staff.cookie, erase)).status).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(user?.erasedAt).not.toBeNull();
    expect(user?.email).not.toBe(member.email);
    expect(await db.select().from(profiles).where(eq(profiles.userId, member.user.id))).toEqual([]);
    expect((await staffCall(app, "GET", "/api/user.php", member.cookie)).status).toBe(403);
    const again = await staffCall(app, "POST", `${base}/erase`, staff.cookie, erase);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "member_deleted" });

    expect(
      (await staffActionsOf(staff)).map((r) => [r.action, r.reason, r.before, r.after]),
    ).toEqual([
      ["member.export", "access request by mail", null, null],
      ["member.fictional", "team profile", { fictional: false }, { fictional: true }],
      ["member.erase", "erasure asked by mail", null, null],
    ]);
    // Nothing is left of the orders table's answer either: the order table is untouched.
    expect(await db.select().from(orders).where(eq(orders.userId, member.user.id))).toEqual([]);
  });
});
