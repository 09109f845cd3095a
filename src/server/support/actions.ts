import { eq } from "drizzle-orm";
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
import { authorize } from "../staff/permissions";
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
  authorize(actor, "members.credits");
  return db.transaction(async (tx) => {
    // Not locked: changeCredits' conditional UPDATE takes the row's lock as a spend does.
    const user = await findMemberOrThrow(tx, userId);
    if (user.erasedAt) throw memberDeleted();
    const reference = actor.staff ? `staff:${actor.staff.id}` : "staff";
    const credits = await changeCredits(tx, userId, change.delta, "correction", reference);
    if (credits === null) {
      throw new ApiError(409, "not_enough_credits", "staff.support.error.belowZero");
    }
    await recordStaffAction(tx, actor, {
      action: "member.credits",
      target: { type: "member", id: userId },
      reason: change.reason,
      before: { credits: credits - change.delta },
      after: { credits },
    });
    return { credits };
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
  authorize(actor, "members.support");
  await db.transaction(async (tx) => {
    const user = await lockMember(tx, userId);
    if (user.status !== "not_confirmed") {
      throw new ApiError(409, "already_confirmed", "staff.support.error.alreadyConfirmed");
    }
    const site = getSiteById(user.siteId);
    await resendActivation(tx, site, user.email, {
      locale: memberLocale(user),
      origin: site.origin,
    });
    await recordStaffAction(tx, actor, {
      action: "member.resend_activation",
      target: { type: "member", id: userId },
      reason,
    });
  });
}

/** Ends every session of the member (every process forgets them: the session cache's notice). */
export async function endMemberSessions(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<EndSessionsAnswer> {
  authorize(actor, "members.support");
  return db.transaction(async (tx) => {
    await findMemberOrThrow(tx, userId);
    const ended = await invalidateUserSessions(tx, userId);
    await recordStaffAction(tx, actor, {
      action: "member.end_sessions",
      target: { type: "member", id: userId },
      reason,
      after: { sessions_ended: ended },
    });
    return { ended };
  });
}

/** Lifts the block a bounced debit or a chargeback put on paying by direct debit. */
export async function liftMemberDirectDebitBlock(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<void> {
  authorize(actor, "members.support");
  await db.transaction(async (tx) => {
    await findMemberOrThrow(tx, userId);
    const lifted = await liftDirectDebitBlock(tx, userId);
    if (!lifted) {
      throw new ApiError(409, "direct_debit_not_blocked", "staff.support.error.notBlocked");
    }
    await recordStaffAction(tx, actor, {
      action: "member.lift_direct_debit_block",
      target: { type: "member", id: userId },
      reason,
      before: { blocked: true, order: lifted.orderId },
      after: { blocked: false },
    });
  });
}

/** The member's own data export (GDPR art. 15), read for support: private data, audited. */
export async function exportMember(
  db: Database,
  actor: StaffActor,
  userId: number,
  reason: string,
): Promise<MemberExport> {
  authorize(actor, "members.export");
  return db.transaction(async (tx) => {
    const user = await findMemberOrThrow(tx, userId);
    if (user.erasedAt) throw memberDeleted();
    const data = await exportMemberData(tx, user, getSiteById(user.siteId));
    await recordStaffAction(tx, actor, {
      action: "member.export",
      target: { type: "member", id: userId },
      reason,
    });
    return data;
  });
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
  authorize(actor, "members.support");
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const changed = await setProfileFictional(tx, userId, fictional);
    if (!changed) throw new ApiError(404, "not_found", "staff.support.error.noProfile");
    await recordStaffAction(tx, actor, {
      action: "member.fictional",
      target: { type: "member", id: userId },
      reason,
      before: { fictional: changed.before },
      after: { fictional },
    });
  });
}
