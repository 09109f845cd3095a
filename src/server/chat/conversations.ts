import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChatEntry, ChatsAnswer, ConversationAnswer } from "../../contract/chat";
import { isBlockedBetween, notBlockedWithAccount } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { ApiError, notFound } from "../lib/errors";
import { decodeKeysetCursor, encodeKeysetCursor } from "../lib/keyset-cursor";
import { type CardRow, cardColumns, toProfileCard } from "../members/card";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { notSanctioned } from "../users/service";
import { cachedChatList } from "./list-cache";
import { toMessageView, type Viewing } from "./message-view";
import { markDelivered } from "./receipts";
import { hasSafetyNotice } from "./safety-flags";
import { conversationMembers, conversations, messages } from "./schema";
import { otherOf, sidesOf } from "./sides";
import { termsFor } from "./terms";
import { publishChatsChanged, unreadTotal } from "./unread";

/** Chats per page of the list, and messages per page of a conversation (keyset, never OFFSET). */
export const CHATS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Opens the conversation with a member, starting it if there is none (`/members/{id}/chat`).
 * Nothing is listed until a message is written.
 */
export async function openConversation(
  db: Database,
  me: MemberViewer,
  otherProfileId: number,
): Promise<number> {
  if (otherProfileId === me.profileId)
    throw new ApiError(422, "cannot_chat_self", "chat.error.self");
  const [other] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.id, otherProfileId), eq(profiles.status, "active")))
    .limit(1);
  if (!other || (await isBlockedBetween(db, me.profileId, otherProfileId))) {
    throw notFound("error.profileUnavailable");
  }
  const [low, high] =
    me.userId < other.userId ? [me.userId, other.userId] : [other.userId, me.userId];
  return db.transaction(async (tx) => {
    await tx
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (!row) throw new Error("conversation not created");
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: row.id, userId: me.userId, otherUserId: other.userId, listed: false },
        { conversationId: row.id, userId: other.userId, otherUserId: me.userId, listed: false },
      ])
      .onConflictDoNothing();
    return row.id;
  });
}

/**
 * spec §3 chat list, newest first, one page. Conversations with a blocked member are closed.
 * The first page comes from the process's cache while no event says it changed (list-cache.ts).
 */
export async function listChats(
  db: Database,
  me: MemberViewer,
  cursor: string | undefined,
  viewing: Viewing,
): Promise<ChatsAnswer> {
  if (cursor) return loadChats(db, me, cursor, viewing);
  return cachedChatList(me.userId, viewing.locale, () => loadChats(db, me, undefined, viewing));
}

async function loadChats(
  db: Database,
  me: MemberViewer,
  cursor: string | undefined,
  viewing: Viewing,
): Promise<ChatsAnswer> {
  const after = cursor ? decodeKeysetCursor(cursor) : null;
  const filters = [
    eq(conversationMembers.userId, me.userId),
    eq(conversationMembers.listed, true),
    // Erased members' conversations stay (no profile); blocked pairs' do not.
    notBlockedWithAccount(me.userId, conversationMembers.otherUserId),
  ];
  if (after) {
    filters.push(
      sql`(${conversationMembers.activityAt}, ${conversationMembers.conversationId}) < (${after.at}::timestamptz, ${after.id})`,
    );
  }
  const theirs = alias(conversationMembers, "theirs");
  const rows = await db
    .select({
      conversation: conversationMembers.conversationId,
      activityAt: sql<string>`(${conversationMembers.activityAt})::text`,
      unread: conversationMembers.unreadCount,
      clearedUpTo: conversationMembers.clearedUpTo,
      theirDelivered: theirs.deliveredUpTo,
      theirRead: theirs.readUpTo,
      message: messages,
      flagged: hasSafetyNotice(conversationMembers.lastMessageId),
      card: cardColumns,
    })
    .from(conversationMembers)
    .innerJoin(
      theirs,
      and(
        eq(theirs.conversationId, conversationMembers.conversationId),
        eq(theirs.userId, conversationMembers.otherUserId),
      ),
    )
    .leftJoin(messages, eq(messages.id, conversationMembers.lastMessageId))
    // design §13: a banned or suspended member is shown as a deleted member (no profile).
    .leftJoin(
      profiles,
      and(
        eq(profiles.userId, conversationMembers.otherUserId),
        notSanctioned(conversationMembers.otherUserId),
      ),
    )
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(...filters))
    .orderBy(desc(conversationMembers.activityAt), desc(conversationMembers.conversationId))
    .limit(CHATS_PAGE_SIZE + 1);

  const regions = await loadRegionCatalogue();
  const page = rows.slice(0, CHATS_PAGE_SIZE);
  const chats: ChatEntry[] = page.map((row) => ({
    conversation: row.conversation,
    profile: row.card?.id
      ? toProfileCard(row.card as CardRow, viewing.media, regions.nameOf, viewing.locale)
      : null,
    num_unread_messages: row.unread,
    last_message:
      row.message && row.message.id > row.clearedUpTo
        ? toMessageView({ ...row.message, flagged: row.flagged }, me.userId, {
            deliveredUpTo: row.theirDelivered,
            readUpTo: row.theirRead,
          })
        : null,
    updated_at: new Date(row.activityAt).toISOString(),
  }));
  const last = page.at(-1);
  await markDelivered(db, me.userId);
  return {
    chats,
    next_cursor:
      rows.length > CHATS_PAGE_SIZE && last
        ? encodeKeysetCursor(last.activityAt, last.conversation)
        : null,
    unread_total: await unreadTotal(db, me.userId),
  };
}

/**
 * One page of a conversation, oldest first; without `before`, the newest page. Reading changes
 * nothing: the page that shows it marks it read with POST /api/chat-read.php (markRead), so a
 * GET from a link or tag on another site cannot read a member's messages for them.
 */
export async function getConversation(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  before: number | undefined,
  viewing: Viewing,
): Promise<ConversationAnswer> {
  const { mine, theirs } = await sidesOf(db, me, conversationId);
  const other = await otherOf(db, mine.otherUserId);
  const rows = await db
    .select({ message: messages, flagged: hasSafetyNotice(messages.id) })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, mine.clearedUpTo),
        before ? lt(messages.id, before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = rows
    .slice(0, MESSAGES_PAGE_SIZE)
    .reverse()
    .map(({ message, flagged }) => ({ ...message, flagged }));
  let card = null;
  if (other?.profileId && !other.sanctioned) {
    const [row] = await db
      .select(cardColumns)
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(eq(profiles.id, other.profileId));
    if (row) {
      const regions = await loadRegionCatalogue();
      card = toProfileCard(row, viewing.media, regions.nameOf, viewing.locale);
    }
  }
  return {
    conversation: conversationId,
    profile: card,
    terms: await termsFor(db, site, me, mine, other),
    messages: page.map((message) => toMessageView(message, me.userId, theirs, viewing.media)),
    older_cursor: rows.length > MESSAGES_PAGE_SIZE && page[0] ? String(page[0].id) : null,
  };
}

/** Lets the member remove a conversation from their list (spec §4); by id or by member. */
export async function removeConversations(
  db: Database,
  me: MemberViewer,
  target: { conversation: number } | { profile: number },
): Promise<void> {
  let filter: ReturnType<typeof eq>;
  if ("conversation" in target) {
    filter = eq(conversationMembers.conversationId, target.conversation);
  } else {
    const [other] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, target.profile));
    if (!other) throw notFound("error.profileUnavailable");
    filter = eq(conversationMembers.otherUserId, other.userId);
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(conversationMembers)
      .set({
        listed: false,
        unreadCount: 0,
        clearedUpTo: sql`coalesce(${conversationMembers.lastMessageId}, 0)`,
      })
      .where(and(eq(conversationMembers.userId, me.userId), filter))
      .returning({ id: conversationMembers.conversationId });
    if (removed.length === 0) throw notFound("chat.error.notFound");
    await publishChatsChanged(tx, me.userId);
  });
}
