import { and, eq, sql } from "drizzle-orm";
import { notBlockedWithAccount } from "../blocks/service";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { conversationMembers } from "./schema";

/**
 * The member's unread messages over all listed conversations (the nav badge): the block rule's
 * (notBlockedWithAccount), so it counts what the list shows, and a blocked pair's messages come
 * back with an unblock.
 */
export async function unreadTotal(db: Database, userId: number): Promise<number> {
  const [row] = await unreadTotalQuery(db, userId);
  return row?.total ?? 0;
}

/** unreadTotal as a query (a scalar subquery of the pages' badge lookup, request/nav-badges.ts). */
export function unreadTotalQuery(db: Database, userId: number) {
  return db
    .select({ total: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.userId, userId),
        sql`${conversationMembers.unreadCount} > 0 and ${conversationMembers.listed}`,
        notBlockedWithAccount(userId, conversationMembers.otherUserId),
      ),
    );
}

/** The member's other pages update their list and badge (a `chats` event). */
export async function publishChatsChanged(db: Database, userId: number) {
  await publishEvent(db, userId, {
    type: "chats",
    data: { unread_total: await unreadTotal(db, userId) },
  });
}
