import { eq } from "drizzle-orm";
import type { AuditValues } from "../../contract/staff";
import type { StaffAuditAction } from "../../contract/staff-options";
import type {
  CreditCorrectionAnswer,
  EndSessionsAnswer,
  StaffRefundAnswer,
} from "../../contract/staff-support";
import type { MemberExport } from "../../contract/users";
import { type Locale, locales } from "../../i18n/locales";
import { eraseAccount } from "../account/deletion";
import { exportMemberData } from "../account/export";
import { invalidateUserSessions } from "../auth/session";
import { resendActivation } from "../auth/signup";
import { changeCredits } from "../credits/service";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { liftDirectDebitBlock } from "../payments/direct-debit-limits";
import { refundOrderAsStaff } from "../payments/money-returned";
import { setProfileFictional } from "../profiles/lifecycle";
import { getSiteById } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { authorize, type Permission } from "../staff/permissions";
import { type User, users } from "../users/schema";
import { findMemberOrThrow, toSupportOrder } from "./member";

/*
 * issue 27 item 7: what support does for a member. Each action is one transaction holding the
 * change and its one audit row (staff/audit.ts), so neither is there without the other; each
 * checks its permission first (design §10). An erased account has nothing left to act on: 409.
 */

function memberDeleted(): ApiError {
  return new ApiError(409, "member_deleted", "staff.support.error.erased");
}

/** The member, locked for the action's transaction; 404 unknown, 409 erased. */
async function lockMember(tx: Database, userId: number): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("staff.support.error.memberNotFound");
  if (user.erasedAt) throw memberDeleted();
  return user;
}

type MemberStep<T> = { answer: T; before?: AuditValues; after?: AuditValues };

type MemberActionSpec = {
  permission: Permission;
  action: StaffAuditAction;
  reason: string;
  /** Lock the member's row for the transaction (an erased account is 404 then). */
  lock?: boolean;
  /** The action still applies to an erased account (its sessions, its block). */
  evenErased?: boolean;
};

/**
 * One support action on a member: the permission (design §10), then in one transaction the
 * member (404 unknown; 409 erased unless `evenErased`), the change, and its one audit row with
 * the reason, so neither commits without the other.
 */
async function onMember<T>(
  db: Database,
  actor: StaffActor,
  userId: number,
  spec: MemberActionSpec,
  change: (tx: Database, user: User) => Promise<MemberStep<T>>,
): Promise<T> {
  authorize(actor, spec.permission);
  return db.transaction(async (tx) => {
    const user = spec.lock ? await lockMember(tx, userId) : await findMemberOrThrow(tx, userId);
    if (user.erasedAt && !spec.evenErased) throw memberDeleted();
    const { answer, before, after } = await change(tx, user);
    const target = { type: "member" as const, id: userId };
    await recordStaffAction(tx, actor, {
      action: spec.action,
      target,
      reason: spec.reason,
      before,
      after,
    });
    return answer;
  });
}

/**
 * A credit correction (design §9): a ledger row of reason `correction` and the balance, in one
 * statement (changeCredits: the conditional UPDATE that spends take too, so a correction racing
 * spends never takes the balance below zero, and the `credits` event updates the member's open
 * pages' badge), with its audit row. A correction the balance cannot take is 409.
 */
export async function correctCredits(
  db: Database,
  actor: StaffActor,
  userId: number,
  change: { delta: number; reason: string },
): Promise<CreditCorrectionAnswer> {
  // Not locked: changeCredits' conditional UPDATE takes the row's lock as a spend does.
  const spec: MemberActionSpec = {
    permission: "members.credits",
    action: "member.credits",
    reason: change.reason,
  };
  return onMember(db, actor, userId, spec, async (tx) => {
    const reference = actor.staff ? `staff:${actor.staff.id}` : "staff";
    const credits = await changeCredits(tx, userId, change.delta, "correction", reference);
    if (credits === null) {
      throw new ApiError(409, "not_enough_credits", "staff.support.error.belowZero");
    }
    return {
      answer: { credits },
      before: { credits: credits - change.delta },
      after: { credits },
    };
  });
}

/** A refund of one of the member's own orders through its provider (payments' refund job). */
export async function refundMemberOrder(
  db: Database,
  actor: StaffActor,
  userId: number,
  body: { order_id: number; reason: string },
): Promise<StaffRefundAnswer> {
  authorize(actor, "orders.refund");
  return db.transaction(async (tx) => {
    await findMemberOrThrow(tx, userId);
    const refund = await refundOrderAsStaff(tx, userId, body.order_id);
    await recordStaffAction(tx, actor, {
      action: "order.refund",
      target: { type: "order", id: body.order_id },
      reason: body.reason,
      before: { member: userId, state: refund.before.state },
      after: { state: refund.order.state, credits_taken: refund.creditsTaken },
    });
    return { order: toSupportOrder(refund.order), credits_taken: refund.creditsTaken };
  });
}

function memberLocale(user: User): Locale {
  const language = user.language as Locale | null;
  if (language && locales.includes(language)) return language;
  const site = getSiteById(user.siteId);
  const fromSite = site.domainLanguage.slice(0, 2) as Locale;
  return locales.includes(fromSite) ? fromSite : "en";
}

/** The activation link again, to a member whose address is not confirmed yet. */
export async function resendMemberActivation(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<void> {
  const spec: MemberActionSpec = {
    permission: "members.support",
    action: "member.resend_activation",
    reason,
    lock: true,
  };
  await onMember(db, actor, userId, spec, async (tx, user) => {
    if (user.status !== "not_confirmed") {
      throw new ApiError(409, "already_confirmed", "staff.support.error.alreadyConfirmed");
    }
    const site = getSiteById(user.siteId);
    const locale = memberLocale(user);
    await resendActivation(tx, site, user.email, { locale, origin: site.origin });
    return { answer: undefined };
  });
}

/** Ends every session of the member (every process forgets them: the session cache's notice). */
export async function endMemberSessions(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<EndSessionsAnswer> {
  const spec: MemberActionSpec = {
    permission: "members.support",
    action: "member.end_sessions",
    reason,
    evenErased: true,
  };
  return onMember(db, actor, userId, spec, async (tx) => {
    const ended = await invalidateUserSessions(tx, userId);
    return { answer: { ended }, after: { sessions_ended: ended } };
  });
}

/** Lifts the block a bounced debit or a chargeback put on paying by direct debit. */
export async function liftMemberDirectDebitBlock(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<void> {
  const spec: MemberActionSpec = {
    permission: "members.support",
    action: "member.lift_direct_debit_block",
    reason,
    evenErased: true,
  };
  await onMember(db, actor, userId, spec, async (tx) => {
    const lifted = await liftDirectDebitBlock(tx, userId);
    if (!lifted) {
      throw new ApiError(409, "direct_debit_not_blocked", "staff.support.error.notBlocked");
    }
    const before = { blocked: true, order: lifted.orderId };
    return { answer: undefined, before, after: { blocked: false } };
  });
}

/** The member's own data export (GDPR art. 15), read for support: private data, audited. */
export async function exportMember(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<MemberExport> {
  const spec: MemberActionSpec = { permission: "members.export", action: "member.export", reason };
  return onMember(db, actor, userId, spec, async (tx, user) => ({
    answer: await exportMemberData(tx, user, getSiteById(user.siteId)),
  }));
}

/** Erases the account now (the scheduled erasure's step, account/deletion.ts). */
export async function eraseMember(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<void> {
  authorize(actor, "members.erase");
  const user = await findMemberOrThrow(db, userId);
  if (user.erasedAt) throw memberDeleted();
  await eraseAccount(db, user, new Date(), async (tx) => {
    await recordStaffAction(tx, actor, {
      action: "member.erase",
      target: { type: "member", id: userId },
      reason,
    });
  });
}

/** Marks the member's profile fictional (run by the site's team) or not. */
export async function setMemberFictional(
  db: Database,
  actor: StaffActor,
  userId: number,
  { fictional, reason }: { fictional: boolean; reason: string },
): Promise<void> {
  const spec: MemberActionSpec = {
    permission: "members.support",
    action: "member.fictional",
    reason,
    lock: true,
  };
  await onMember(db, actor, userId, spec, async (tx) => {
    const changed = await setProfileFictional(tx, userId, fictional);
    if (!changed) throw new ApiError(404, "not_found", "staff.support.error.noProfile");
    return { answer: undefined, before: { fictional: changed.before }, after: { fictional } };
  });
}
