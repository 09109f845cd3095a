import { and, desc, eq, isNull, lte } from "drizzle-orm";
import type { MemberSanction } from "../../contract/account-options";
import {
  type SanctionAnswer,
  type StrikeKind,
  type StrikeView,
  SUSPENSION_DAYS_MAX,
} from "../../contract/moderation";
import type { AuditValues } from "../../contract/staff";
import { invalidateUserSessions } from "../auth/session";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { forgetMember } from "../events/member-cache";
import { ApiError, ValidationError } from "../lib/errors";
import { setProfileStatus } from "../profiles/lifecycle";
import { recordStaffAction, type StaffActor, SYSTEM } from "../staff/audit";
import { type Permission, requirePermission } from "../staff/permissions";
import { banEmail, unbanEmail } from "../users/banned-emails";
import { type User, users } from "../users/schema";
import { setUserSanction } from "../users/service";
import { banPagePath, sendSanctionNotice } from "./notice";
import { publishPeersChanged } from "./peers";
import { type MemberStrike, memberStrikes } from "./schema";

/**
 * design §13, issue 27: account actions on a member. Each is one transaction that locks the
 * member's row, writes their sanction (users.sanction, users.sanction_ends_at), one strike and
 * exactly one audit row, and everything that follows from it commits with it: sessions ended
 * (every process forgets them: the session cache listens to the rows' notifications), the
 * member's open pages sent to the ban page (a `sanction` event), the profile hidden or shown,
 * the peers' lists refreshed, the banned address kept, the notice e-mail in the outbox.
 */

type Action = {
  memberId: number;
  reason: string;
  actor: StaffActor;
  /**
   * The report case this action resolves (reports/resolve.ts): named in the action's audit row,
   * which is then the resolution's one row too.
   */
  reportCase?: number;
};
const DAY_MS = 24 * 60 * 60 * 1000;

function memberNotFound(): ApiError {
  return new ApiError(404, "not_found", "error.memberNotFound");
}

function alreadyBanned(): ApiError {
  return new ApiError(409, "already_banned", "error.alreadyBanned");
}

/** The sanction fields as an audit row shows them. */
function sanctionValues(sanction: MemberSanction | null, endsAt: Date | null): AuditValues {
  return { sanction, sanction_ends_at: endsAt?.toISOString() ?? null };
}

export function toStrikeView(strike: MemberStrike): StrikeView {
  return {
    id: strike.id,
    kind: strike.kind,
    reason: strike.reason,
    staff_id: strike.staffId,
    ends_at: strike.endsAt?.toISOString() ?? null,
    created_at: strike.createdAt.toISOString(),
  };
}

/**
 * Runs one account action: checks the permission (a staff actor's), locks the member (404 for
 * an unknown or erased account), lets `change` decide the new sanction, and writes it, the
 * strike and the audit row. Answers the member's new state and the strike.
 */
async function act(
  db: Database,
  input: Action & { kind: StrikeKind; permission: Permission },
  change: (user: User) => { sanction: MemberSanction | null; endsAt: Date | null } | null,
): Promise<SanctionAnswer> {
  if (input.actor.staff) requirePermission(input.actor.staff, input.permission);
  const peers: number[] = [];
  const answer = await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.memberId))
      .for("update")
      .limit(1);
    if (!user || user.erasedAt) throw memberNotFound();
    const next = change(user) ?? { sanction: user.sanction, endsAt: user.sanctionEndsAt };
    if (input.kind !== "warn") {
      await setUserSanction(tx, user.id, next.sanction, next.endsAt);
    }
    const [strike] = await tx
      .insert(memberStrikes)
      .values({
        userId: user.id,
        kind: input.kind,
        reason: input.reason,
        staffId: input.actor.staff?.id ?? null,
        endsAt: input.kind === "suspend" ? next.endsAt : null,
      })
      .returning();
    if (!strike) throw new Error("strike not written");
    await recordStaffAction(tx, input.actor, {
      action: `member.${input.kind}`,
      target: { type: "member", id: user.id },
      reason: input.reason,
      before: input.kind === "warn" ? null : sanctionValues(user.sanction, user.sanctionEndsAt),
      after: {
        ...(input.kind === "warn" ? {} : sanctionValues(next.sanction, next.endsAt)),
        strike: strike.id,
        ...(input.reportCase ? { report_case: input.reportCase } : {}),
      },
    });
    await applyEffects(tx, user, next, input.kind);
    if (input.kind !== "warn") peers.push(...(await publishPeersChanged(tx, user.id)));
    await sendSanctionNotice(tx, user, input.kind, input.reason, next.endsAt);
    return {
      member: {
        id: user.id,
        sanction: next.sanction,
        sanction_ends_at: next.endsAt?.toISOString() ?? null,
      },
      strike: toStrikeView(strike),
    };
  });
  // This process's kept lists go at once; the events drop them in the others.
  forgetMember(input.memberId, ...peers);
  return answer;
}

/** What a sanction put in force, or its lifting, does beyond the member's row. */
async function applyEffects(
  tx: Database,
  user: User,
  next: { sanction: MemberSanction | null; endsAt: Date | null },
  kind: StrikeKind,
): Promise<void> {
  if (kind === "ban" || kind === "suspend") {
    await setProfileStatus(tx, user.id, "disabled");
    await invalidateUserSessions(tx, user.id);
    await publishEvent(tx, user.id, {
      type: "sanction",
      data: {
        sanction: next.sanction ?? "banned",
        ends_at: next.endsAt?.toISOString() ?? null,
        url: banPagePath(user),
      },
    });
  }
  if (kind === "ban") await banEmail(tx, user.email);
  if (kind === "lift") {
    if (user.sanction === "banned") await unbanEmail(tx, user.email);
    // Shown again as before: a confirmed account not on its way out.
    if (user.status === "confirmed" && !user.deletionRequestedAt) {
      await setProfileStatus(tx, user.id, "active");
    }
  }
}

/** Bans a member: no login, no profile, no new account with the address (design §13). */
export function banMember(db: Database, input: Action): Promise<SanctionAnswer> {
  return act(db, { ...input, kind: "ban", permission: "members.ban" }, (user) => {
    if (user.sanction === "banned") throw alreadyBanned();
    return { sanction: "banned", endsAt: null };
  });
}

/**
 * Suspends a member for 1 to 365 days from now: as a ban until then, and back by itself (the
 * moderation.lift-suspensions job). A suspended member's suspension is replaced by the new one;
 * a banned member's ban stays (409 already_banned).
 */
export function suspendMember(
  db: Database,
  input: Action & { days: number; now?: Date },
): Promise<SanctionAnswer> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > SUSPENSION_DAYS_MAX) {
    throw new ValidationError({ days: { key: "validation.invalid" } });
  }
  const now = input.now ?? new Date();
  return act(db, { ...input, kind: "suspend", permission: "members.suspend" }, (user) => {
    if (user.sanction === "banned") throw alreadyBanned();
    return { sanction: "suspended", endsAt: new Date(now.getTime() + input.days * DAY_MS) };
  });
}

/** Lifts a ban or suspension (409 not_sanctioned when there is none). */
export function liftSanction(db: Database, input: Action): Promise<SanctionAnswer> {
  return act(db, { ...input, kind: "lift", permission: "members.lift" }, (user) => {
    if (!user.sanction) throw new ApiError(409, "not_sanctioned", "error.notSanctioned");
    return { sanction: null, endsAt: null };
  });
}

/** Warns a member: a strike and a notice, nothing else changes. */
export function warnMember(db: Database, input: Action): Promise<SanctionAnswer> {
  return act(db, { ...input, kind: "warn", permission: "members.warn" }, () => null);
}

/** A member's strikes, newest first (the reports queue shows them). */
export async function strikesOf(db: Database, memberId: number): Promise<StrikeView[]> {
  const rows = await db
    .select()
    .from(memberStrikes)
    .where(eq(memberStrikes.userId, memberId))
    .orderBy(desc(memberStrikes.createdAt), desc(memberStrikes.id));
  return rows.map(toStrikeView);
}

/** The reason of the system's `lift` strike when a suspension ran out. */
export const SUSPENSION_ENDED = "The suspension ended.";

/**
 * The moderation.lift-suspensions job: lifts every suspension whose end has passed, each in
 * its own transaction (act's), by the system: a `lift` strike without staff and one audit row
 * without an account. A suspension lifted or replaced meanwhile is left as it is.
 */
export async function liftEndedSuspensions(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.sanction, "suspended"), lte(users.sanctionEndsAt, now), isNull(users.erasedAt)),
    );
  let lifted = 0;
  for (const { id } of due) {
    try {
      await act(
        db,
        {
          memberId: id,
          reason: SUSPENSION_ENDED,
          actor: SYSTEM,
          kind: "lift",
          permission: "members.lift",
        },
        (user) => {
          const ended =
            user.sanction === "suspended" && (user.sanctionEndsAt?.getTime() ?? 0) <= now.getTime();
          if (!ended) throw new SkipLift();
          return { sanction: null, endsAt: null };
        },
      );
      lifted++;
    } catch (error) {
      if (!(error instanceof SkipLift)) throw error;
    }
  }
  return lifted;
}

/** A suspension the job found due was lifted or replaced before its turn came. */
class SkipLift extends Error {}
