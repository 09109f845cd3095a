import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notBlockedWithAccount } from "../blocks/service";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";
import { users } from "../users/schema";
import { conversationMembers } from "./schema";

/** One member's side of a conversation: their list entry, unread count and receipts. */
export type Side = typeof conversationMembers.$inferSelect;

/**
 * The viewer's side and the other's of a conversation; 404 for anyone not in it, and for a pair
 * of whom either blocked the other (the block rule): every call on a conversation passes here,
 * so a blocked pair reads, marks, signals and writes nothing.
 */
export async function sidesOf(db: Database, me: MemberViewer, conversationId: number) {
  const theirs = alias(conversationMembers, "theirs");
  const [row] = await db
    .select({ mine: conversationMembers, theirs })
    .from(conversationMembers)
    .innerJoin(
      theirs,
      and(
        eq(theirs.conversationId, conversationMembers.conversationId),
        ne(theirs.userId, conversationMembers.userId),
      ),
    )
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, me.userId),
        notBlockedWithAccount(me.userId, theirs.userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound("chat.error.notFound");
  return row as { mine: Side; theirs: Side };
}

/** The other member: profile (null once erased), account state. */
export async function otherOf(db: Database, otherUserId: number) {
  const [row] = await db
    .select({
      status: users.status,
      erased: sql<boolean>`${users.erasedAt} is not null`,
      pendingDeletion: sql<boolean>`${users.deletionRequestedAt} is not null`,
      /** design §13: banned or suspended: shown as a deleted member while it holds. */
      sanctioned: sql<boolean>`${users.sanction} is not null`,
      profileId: profiles.id,
      /** issue 28: an operated profile, answered by the site's agents (decision 0015). */
      fictional: sql<boolean>`coalesce(${profiles.fictional}, false)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, otherUserId))
    .limit(1);
  return row;
}

export type OtherMember = Awaited<ReturnType<typeof otherOf>>;

/**
 * Whether the other member is still here: not one who deleted their account, whether it is
 * pending deletion (reactivatable for 14 days, spec §4) or already erased, nor one staff banned
 * or suspended (design §13: "a deleted member" while the sanction holds). One who left receives
 * nothing: no message, image or gift (issue 25), refused with memberGone before any charge.
 */
export function isStillMember(
  other: OtherMember,
): other is NonNullable<OtherMember> & { profileId: number } {
  return Boolean(
    other &&
      !other.erased &&
      !other.pendingDeletion &&
      !other.sanctioned &&
      other.profileId !== null,
  );
}

/** The one answer to a message, image or gift for a member who has left (isStillMember). */
export function memberGone(): ApiError {
  return new ApiError(409, "member_deleted", "chat.error.deleted");
}

/**
 * Refuses a gift to a member who has left, as a message to them is refused: checked before the
 * conversation is opened (a departing member's profile is no longer active, which would
 * otherwise answer 404) and before any charge. An unknown profile is left to the caller's 404.
 */
export async function assertCanReceive(db: Database, profileId: number): Promise<void> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (row && !isStillMember(await otherOf(db, row.userId))) throw memberGone();
}

/**
 * Refuses a message the member may not write here (spec §6): not their conversation or a
 * blocked pair (404), a recipient who has left (pending deletion or erased), an unconfirmed
 * address on either side. Every message, text, image or gift, passes here before any charge.
 */
export async function assertCanWrite(
  db: Database,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
) {
  const sides = await sidesOf(db, me, conversationId);
  const other = await otherOf(db, sides.mine.otherUserId);
  if (!isStillMember(other)) throw memberGone();
  if (!me.confirmed) throw new ApiError(403, "email_unconfirmed", "chat.error.senderUnconfirmed");
  if (other.status !== "confirmed") {
    throw new ApiError(409, "recipient_unconfirmed", "chat.error.recipientUnconfirmed");
  }
  return { ...sides, other };
}
