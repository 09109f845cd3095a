import { aliasedTable, and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { SupportMemberAnswer, SupportOrder } from "../../contract/staff-support";
import { sessions } from "../auth/schema";
import { blocks } from "../blocks/schema";
import { readLedgerRows } from "../credits/service";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { mailOutbox } from "../lib/mail-schema";
import { strikesOf } from "../moderation/sanctions";
import { directDebitBlocks, type Order, orders } from "../payments/schema";
import { createMediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import { reports } from "../reports/schema";
import { getSiteById } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { authorize } from "../staff/permissions";
import { type User, users } from "../users/schema";

/** Rows of each list the member screen shows (newest first); the ledger pages on. */
export const LIST_LIMIT = 50;
export const LEDGER_PAGE = 50;

/** The member's account row, or 404 (an id past int4 never gets here: the route's 422). */
export async function findMemberOrThrow(db: Database, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("staff.support.error.memberNotFound");
  return user;
}

export function toSupportOrder(order: Order): SupportOrder {
  return {
    id: order.id,
    state: order.state,
    credits: order.credits,
    amount: order.amount,
    currency: order.currency,
    method: order.method,
    provider: order.provider,
    provider_ref: order.providerRef,
    refunded_amount: order.refundedAmount,
    charged_back_amount: order.chargedBackAmount,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    refunded_at: order.refundedAt?.toISOString() ?? null,
  };
}

const iso = (value: Date) => value.toISOString();

/** The support screen's page of the ledger: the raw reference, 50 rows (credits' keyset read). */
async function findLedgerPage(db: Database, userId: number, before: number | undefined) {
  const { rows, nextCursor } = await readLedgerRows(db, userId, LEDGER_PAGE, before);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      reference: row.reference,
      created_at: iso(row.createdAt),
    })),
    next_cursor: nextCursor,
  };
}

/** Reports the member made (`by`) or that were made of them (`against`), with the other side. */
async function findReports(db: Database, userId: number, side: "by" | "against") {
  const other = aliasedTable(profiles, "other_profile");
  const mine = side === "by" ? reports.reporterUserId : reports.reportedUserId;
  const theirs = side === "by" ? reports.reportedUserId : reports.reporterUserId;
  const rows = await db
    .select({ report: reports, otherId: theirs, otherName: other.name })
    .from(reports)
    .leftJoin(other, eq(other.userId, theirs))
    .where(eq(mine, userId))
    .orderBy(desc(reports.id))
    .limit(LIST_LIMIT);
  return rows.map(({ report, otherId, otherName }) => ({
    id: report.id,
    other_id: otherId,
    other_name: otherName,
    reason: report.reason,
    note: report.note,
    created_at: iso(report.createdAt),
  }));
}

/** Whom the member's profile blocked, and who blocked it. */
async function findBlocks(db: Database, profileId: number | null) {
  if (profileId === null) return { blocked: [], blocked_by: [] };
  const other = aliasedTable(profiles, "other_profile");
  const list = async (side: "blocker" | "blocked") => {
    const [mine, theirs] =
      side === "blocker"
        ? [blocks.blockerProfileId, blocks.blockedProfileId]
        : [blocks.blockedProfileId, blocks.blockerProfileId];
    const rows = await db
      .select({ profileId: other.id, name: other.name, createdAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(other, eq(other.id, theirs))
      .where(eq(mine, profileId))
      .orderBy(desc(blocks.createdAt))
      .limit(LIST_LIMIT);
    return rows.map((row) => ({
      profile_id: row.profileId,
      name: row.name,
      created_at: iso(row.createdAt),
    }));
  };
  return {
    blocked: await list("blocker"),
    blocked_by: await list("blocked"),
  };
}

/** The mail sent to the member's address (mail_outbox_to_idx), newest first. */
async function findMails(db: Database, email: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, email.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(LIST_LIMIT);
  return rows.map((mail) => ({
    id: mail.id,
    kind: mail.kind,
    subject: mail.subject,
    status: mail.sentAt
      ? ("sent" as const)
      : mail.error
        ? ("failed" as const)
        : ("queued" as const),
    attempts: mail.attempts,
    created_at: iso(mail.createdAt),
    sent_at: mail.sentAt ? iso(mail.sentAt) : null,
  }));
}

/**
 * issue 27 item 7: everything support sees of one member: account, profile, photos (each
 * status), live sessions, orders, the credit ledger (50 a page, `ledgerBefore` the previous
 * page's cursor), reports by and against them, blocks both ways, the mail sent. It holds the
 * e-mail address and payments, private data: the read is one audit row (`member.read`), for
 * `members.private_read` only.
 */
export async function getSupportMember(
  db: Database,
  actor: StaffActor,
  userId: number,
  ledgerBefore?: number,
): Promise<SupportMemberAnswer> {
  authorize(actor, "members.private_read");
  const user = await findMemberOrThrow(db, userId);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const media = createMediaSigner(getSiteById(user.siteId), user);
  const photoRows = profile
    ? await db
        .select()
        .from(photos)
        .where(eq(photos.profileId, profile.id))
        .orderBy(asc(photos.position), asc(photos.id))
    : [];
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(LIST_LIMIT);
  const [ddBlock] = await db
    .select({ createdAt: directDebitBlocks.createdAt })
    .from(directDebitBlocks)
    .where(eq(directDebitBlocks.userId, userId));
  const answer: SupportMemberAnswer = {
    account: {
      id: user.id,
      email: user.email,
      site: user.siteId,
      status: user.status,
      language: user.language,
      credits: user.credits,
      paid_user: user.paidUser,
      signup_date: iso(user.signupDate),
      deletion_requested_at: user.deletionRequestedAt ? iso(user.deletionRequestedAt) : null,
      erased_at: user.erasedAt ? iso(user.erasedAt) : null,
      email_disabled_reason: user.emailDisabledReason,
      direct_debit_blocked_at: ddBlock ? iso(ddBlock.createdAt) : null,
    },
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          gender: profile.gender,
          birthdate: profile.birthdate,
          country: profile.country,
          region: profile.region,
          about: profile.about,
          status: profile.status,
          invisible: profile.invisible,
          fictional: profile.fictional,
          kind: profile.kind,
          created_at: iso(profile.createdAt),
          last_active_at: iso(profile.lastActiveAt),
        }
      : null,
    photos: photoRows.map((photo) => ({
      id: photo.id,
      status: photo.status,
      position: photo.position,
      is_main: photo.id === profile?.mainPhotoId,
      thumb: media.url(`${photo.storageKey}-thumb.webp`),
      large: media.url(`${photo.storageKey}-large.webp`),
      created_at: iso(photo.createdAt),
    })),
    sessions: sessionRows.map((row) => ({
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
    })),
    orders: orderRows.map(toSupportOrder),
    ledger: await findLedgerPage(db, userId, ledgerBefore),
    reports_by: await findReports(db, userId, "by"),
    reports_against: await findReports(db, userId, "against"),
    blocks: await findBlocks(db, profile?.id ?? null),
    // An erased account's address is a placeholder: nothing was sent to it.
    mails: user.erasedAt ? [] : await findMails(db, user.email),
    moderation: {
      sanction: user.sanction,
      sanction_ends_at: user.sanctionEndsAt ? iso(user.sanctionEndsAt) : null,
      strikes: await strikesOf(db, userId),
    },
  };
  await recordStaffAction(db, actor, {
    action: "member.read",
    target: { type: "member", id: userId },
  });
  return answer;
}
