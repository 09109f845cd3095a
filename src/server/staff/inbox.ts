import { and, eq, sql } from "drizzle-orm";
import type {
  InboxAnswer,
  InboxClaim,
  InboxClaimAnswer,
  InboxItem,
  InboxQuery,
  InboxReplyAnswer,
} from "../../contract/staff-inbox";
import {
  markReadAsOperated,
  operatedConversation,
  postAsOperatedProfile,
  typingAsOperated,
} from "../chat/operated";
import { notifyInbox } from "../chat/operated-notice";
import type { Database } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { decodeKeysetCursor, encodeKeysetCursor } from "../lib/keyset-cursor";
import { getSiteById } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "./audit";
import { type QueueRow, waitingQueue, waitingSince } from "./inbox-queue";
import { inboxAnswers, inboxClaims } from "./inbox-schema";
import { agentScope, assertInScope, CLAIM_MINUTES } from "./inbox-scope";

/*
 * issue 28 item 1 (decision 0015): the operators' inbox. The permission is checked in each
 * service (agentScope), the agent's languages and sites before anything is read.
 */

const PAGE = 50;

function claimOf(
  row: { staffId: number; expiresAt: Date } | null | undefined,
  staffId: number,
): InboxClaim | null {
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return {
    staff_id: row.staffId,
    mine: row.staffId === staffId,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** A queue row as the agent sees it (their own claim is `mine`). */
export function toInboxItem(row: QueueRow, staffId: number): InboxItem {
  return {
    conversation: row.conversation,
    site: row.site,
    language: row.language,
    member: {
      user_id: row.member_user_id,
      profile_id: row.member_profile_id,
      name: row.member_name,
    },
    operated: {
      user_id: row.operated_user_id,
      profile_id: row.operated_profile_id,
      name: row.operated_name,
    },
    waiting_since: new Date(row.waiting_since).toISOString(),
    last_text: row.last_text,
    claim: claimOf(
      row.claim_staff_id === null
        ? null
        : { staffId: row.claim_staff_id, expiresAt: new Date(row.claim_expires_at ?? 0) },
      staffId,
    ),
  };
}

/** GET /api/staff/inbox: the waiting conversations the agent may answer, oldest first. */
export async function inboxQueue(
  db: Database,
  actor: StaffActor,
  query: InboxQuery,
): Promise<InboxAnswer> {
  const scope = await agentScope(db, actor);
  if (query.site !== undefined && !scope.sites.includes(query.site)) {
    throw new ValidationError({ site: { key: "validation.invalidOption" } });
  }
  const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
  const rows = await waitingQueue(db, {
    sites: query.site ? [query.site] : scope.sites,
    languages: scope.languages,
    after,
    limit: PAGE + 1,
  });
  const items = rows.slice(0, PAGE).map((row) => toInboxItem(row, scope.staffId));
  const last = rows.length > PAGE ? rows[PAGE - 1] : undefined;
  return {
    items,
    next_cursor: last ? encodeKeysetCursor(last.waiting_since_text, last.conversation) : null,
  };
}

function claimedByAnother(): ApiError {
  return new ApiError(409, "inbox_claimed", "staff.inbox.error.claimed");
}

/**
 * POST /api/staff/inbox/{conversation}/claim: one conditional upsert takes the lock, so of any
 * number of agents claiming at once exactly one gets it; the holder renews it, and anyone may
 * take one whose lease ran out. 409 inbox_claimed while another holds it.
 */
export async function claimConversation(
  db: Database,
  actor: StaffActor,
  conversationId: number,
): Promise<InboxClaimAnswer> {
  const scope = await agentScope(db, actor);
  assertInScope(scope, await operatedConversation(db, conversationId));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboxClaims)
      .values({
        conversationId,
        staffId: scope.staffId,
        expiresAt: sql`now() + make_interval(mins => ${CLAIM_MINUTES})`,
      })
      .onConflictDoUpdate({
        target: inboxClaims.conversationId,
        set: {
          staffId: scope.staffId,
          claimedAt: sql`case when ${inboxClaims.staffId} = ${scope.staffId} then ${inboxClaims.claimedAt} else now() end`,
          expiresAt: sql`now() + make_interval(mins => ${CLAIM_MINUTES})`,
        },
        setWhere: sql`${inboxClaims.expiresAt} <= now() or ${inboxClaims.staffId} = ${scope.staffId}`,
      })
      .returning();
    if (!row) throw claimedByAnother();
    await recordStaffAction(tx, actor, {
      action: "inbox.claim",
      target: { type: "conversation", id: conversationId },
    });
    await notifyInbox(tx, conversationId);
    const claim = claimOf(row, scope.staffId);
    if (!claim) throw claimedByAnother();
    return { conversation: conversationId, claim };
  });
}

/**
 * Renews the caller's live claim, in one statement that is also the check (a reply or typing
 * is the agent's activity); only a refusal asks why: 409 inbox_not_claimed (none, or another's)
 * or inbox_claim_expired (the caller's ran out).
 */
async function renewClaim(
  db: Database,
  conversationId: number,
  staffId: number,
): Promise<typeof inboxClaims.$inferSelect> {
  const [renewed] = await db
    .update(inboxClaims)
    .set({ expiresAt: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
    .where(
      and(
        eq(inboxClaims.conversationId, conversationId),
        eq(inboxClaims.staffId, staffId),
        sql`${inboxClaims.expiresAt} > now()`,
      ),
    )
    .returning();
  if (renewed) return renewed;
  const [held] = await db
    .select({ staffId: inboxClaims.staffId })
    .from(inboxClaims)
    .where(eq(inboxClaims.conversationId, conversationId));
  throw held?.staffId === staffId
    ? new ApiError(409, "inbox_claim_expired", "staff.inbox.error.expired")
    : new ApiError(409, "inbox_not_claimed", "staff.inbox.error.notClaimed");
}

/**
 * POST /api/staff/inbox/{conversation}/reply: the agent's answer, written as the operated
 * profile through chat's own send (nothing charged, the agent recorded), with the lease renewed,
 * the figures' row and the audit row, in one transaction. Refused without a live claim of the
 * caller's: 409 inbox_not_claimed (none, or another's) or inbox_claim_expired.
 */
export async function replyAsOperated(
  db: Database,
  actor: StaffActor,
  conversationId: number,
  text: string,
): Promise<InboxReplyAnswer> {
  const scope = await agentScope(db, actor);
  const conversation = assertInScope(scope, await operatedConversation(db, conversationId));
  return db.transaction(async (tx) => {
    const renewed = await renewClaim(tx, conversationId, scope.staffId);
    const waited = await waitingSince(tx, conversationId, conversation);
    // Answering is reading: the member sees their messages read, as from a member.
    await markReadAsOperated(tx, { ...conversation, conversationId });
    const site = getSiteById(conversation.memberSiteId);
    const sent = await postAsOperatedProfile(
      tx,
      site,
      { ...conversation, conversationId },
      scope.staffId,
      text,
    );
    const createdAt = new Date(sent.message.created_at);
    await tx.insert(inboxAnswers).values({
      messageId: sent.message.id,
      conversationId,
      staffId: scope.staffId,
      siteId: conversation.memberSiteId,
      waitedSeconds: waited
        ? Math.max(0, Math.round((createdAt.getTime() - waited.getTime()) / 1000))
        : null,
      createdAt,
    });
    await recordStaffAction(tx, actor, {
      action: "inbox.reply",
      target: { type: "conversation", id: conversationId },
      after: { message: sent.message.id },
    });
    const claim = claimOf(renewed, scope.staffId);
    if (!claim) throw new ApiError(409, "inbox_claim_expired", "staff.inbox.error.expired");
    return {
      message: {
        id: sent.message.id,
        from: "operated",
        kind: "text",
        text: sent.message.text,
        sent_by_staff_id: scope.staffId,
        created_at: sent.message.created_at,
      },
      claim,
    };
  });
}

/**
 * POST /api/staff/inbox/{conversation}/typing: the agent holding the claim is typing; the
 * member's open page shows the profile typing, as for a member, and the lease is renewed.
 * 409 without the live claim.
 */
export async function agentTyping(
  db: Database,
  actor: StaffActor,
  conversationId: number,
): Promise<void> {
  const scope = await agentScope(db, actor);
  const conversation = assertInScope(scope, await operatedConversation(db, conversationId));
  await renewClaim(db, conversationId, scope.staffId);
  await typingAsOperated(db, { ...conversation, conversationId });
}
