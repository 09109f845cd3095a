import { and, eq, sql } from "drizzle-orm";
import { notBlockedWithAccount } from "../blocks/service";
import type { Database } from "../db/client";
import { publishEvent, signalEvent } from "../events/bus";
import { ApiError } from "../lib/errors";
import type { MemberViewer } from "../profiles/viewer";
import { conversationMembers } from "./schema";
import { type Side, sidesOf } from "./sides";
import { publishChatsChanged } from "./unread";

/** Tells the other member how far their messages got (their ticks). */
async function publishReceipt(db: Database, reader: Side) {
  await publishEvent(db, reader.otherUserId, {
    type: "receipt",
    data: {
      conversation: reader.conversationId,
      delivered_up_to: reader.deliveredUpTo,
      read_up_to: reader.readUpTo,
    },
  });
}

/**
 * spec §4: the member read the conversation up to its last message; its unread count is 0.
 * 404 for a conversation that is not the member's.
 */
export async function markRead(db: Database, me: MemberViewer, conversationId: number) {
  await sidesOf(db, me, conversationId);
  await markReadSide(db, me, conversationId);
}

async function markReadSide(db: Database, me: MemberViewer, conversationId: number) {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationMembers)
      .set({
        unreadCount: 0,
        readUpTo: sql`greatest(${conversationMembers.readUpTo}, coalesce(${conversationMembers.lastMessageId}, 0))`,
        deliveredUpTo: sql`greatest(${conversationMembers.deliveredUpTo}, coalesce(${conversationMembers.lastMessageId}, 0))`,
      })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, me.userId),
          sql`(${conversationMembers.unreadCount} > 0 or ${conversationMembers.readUpTo} < coalesce(${conversationMembers.lastMessageId}, 0))`,
        ),
      )
      .returning();
    if (!updated) return;
    await publishReceipt(tx, updated);
    await publishChatsChanged(tx, me.userId);
  });
}

/**
 * Messages that reached the member's device (their list or their open page): delivered. One
 * statement when there is nothing new (every list load after the first); the receipts follow
 * the update, and a receipt lost to a crash between the two is repaired by the sender's next
 * load of the conversation.
 */
export async function markDelivered(db: Database, userId: number, conversationId?: number) {
  const updated = await db
    .update(conversationMembers)
    .set({ deliveredUpTo: sql`${conversationMembers.lastMessageId}` })
    .where(
      and(
        eq(conversationMembers.userId, userId),
        conversationId ? eq(conversationMembers.conversationId, conversationId) : undefined,
        sql`${conversationMembers.unreadCount} > 0`,
        sql`${conversationMembers.deliveredUpTo} < ${conversationMembers.lastMessageId}`,
        // A blocked pair's messages reach no page of the member's: no tick for the sender.
        notBlockedWithAccount(userId, conversationMembers.otherUserId),
      ),
    )
    .returning();
  for (const side of updated) await publishReceipt(db, side);
}

/**
 * spec §2: the typing indicator; a signal to the other member's open pages, not stored. A member
 * who may not write yet (unconfirmed address) signals nothing either.
 */
export async function signalTyping(
  db: Database,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
) {
  const { mine } = await sidesOf(db, me, conversationId);
  if (!me.confirmed) throw new ApiError(403, "email_unconfirmed", "chat.error.senderUnconfirmed");
  await signalEvent(db, mine.otherUserId, {
    type: "typing",
    data: { conversation: conversationId },
  });
}
