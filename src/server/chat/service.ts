import { and, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  ChatEntry,
  ChatsAnswer,
  ChatTerms,
  ConversationAnswer,
  MessageView,
  SentAnswer,
} from "../../contract/chat";
import { FREE_CONVERSATIONS } from "../../contract/chat-options";
import type { Locale } from "../../i18n/locales";
import { isBlockedBetween, notBlockedWithAccount, onBlocksChanged } from "../blocks/service";
import { spendCredits } from "../credits/service";
import type { Database } from "../db/client";
import { publishEvent, signalEvent } from "../events/bus";
import { forgetMember } from "../events/member-cache";
import { loadRegionCatalogue } from "../geo/regions";
import { nudgeJobRunners } from "../jobs/runner";
import { enqueueJob } from "../jobs/service";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import { decodeKeysetCursor, encodeKeysetCursor } from "../lib/keyset-cursor";
import type { Storage } from "../lib/storage";
import { type CardRow, cardColumns, toProfileCard } from "../members/card";
import { notePremiumUse } from "../payments/premium-use";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { withStoredPhoto } from "../photos/service";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { clearSignupMessage } from "../users/service";
import { cachedChatList } from "./list-cache";
import { conversationMembers, conversations, type Message, messages } from "./schema";

/** The job that e-mails a member about a message that reached none of their open pages. */
export const CHAT_MAIL_JOB = "chat.mail";
/**
 * How long a message may wait for the recipient's open page before it is e-mailed: a member who
 * is online sees it delivered at once (the events stream marks it), and gets no e-mail.
 */
export const CHAT_MAIL_DELAY_MS = 2 * 60 * 1000;
/** The job that pushes a message to a recipient with no visible page (design §2 web push). */
export const CHAT_PUSH_JOB = "chat.push";

/** Chats per page of the list, and messages per page of a conversation (keyset, never OFFSET). */
export const CHATS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

type Viewing = { media: MediaSigner; locale: Locale };

/** A message as `viewerUserId` sees it; `other` holds the other member's receipts. */
export function toMessageView(
  message: Pick<
    Message,
    | "id"
    | "conversationId"
    | "senderUserId"
    | "kind"
    | "body"
    | "gift"
    | "imageKey"
    | "imageBlurKey"
    | "imageOpenedAt"
    | "imageWidth"
    | "imageHeight"
    | "createdAt"
  >,
  viewerUserId: number,
  other: { deliveredUpTo: number; readUpTo: number },
  /** Mints the image's URLs for the viewer; without it (events, lists) no URL is given. */
  media?: MediaSigner,
): MessageView {
  const fromMe = message.senderUserId === viewerUserId;
  const locked = !fromMe && message.imageOpenedAt === null;
  return {
    id: message.id,
    conversation: message.conversationId,
    from_me: fromMe,
    kind: message.kind,
    text: message.body,
    gift: message.gift,
    image:
      message.kind === "image"
        ? {
            url:
              media && !locked && message.imageKey
                ? media.url(`${message.imageKey}-main.webp`)
                : null,
            blurred:
              media && locked && message.imageBlurKey
                ? media.url(`${message.imageBlurKey}.webp`)
                : null,
            locked,
            width: message.imageWidth ?? 0,
            height: message.imageHeight ?? 0,
          }
        : null,
    state: fromMe
      ? other.readUpTo >= message.id
        ? "read"
        : other.deliveredUpTo >= message.id
          ? "delivered"
          : "sent"
      : null,
    created_at: message.createdAt.toISOString(),
  };
}

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
    .leftJoin(profiles, eq(profiles.userId, conversationMembers.otherUserId))
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
        ? toMessageView(row.message, me.userId, {
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

type Side = typeof conversationMembers.$inferSelect;

/**
 * The viewer's side and the other's of a conversation; 404 for anyone not in it, and for a pair
 * of whom either blocked the other (the block rule): every call on a conversation passes here,
 * so a blocked pair reads, marks, signals and writes nothing.
 */
async function sidesOf(db: Database, me: MemberViewer, conversationId: number) {
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
async function otherOf(db: Database, otherUserId: number) {
  const [row] = await db
    .select({
      status: users.status,
      erased: sql<boolean>`${users.erasedAt} is not null`,
      pendingDeletion: sql<boolean>`${users.deletionRequestedAt} is not null`,
      profileId: profiles.id,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, otherUserId))
    .limit(1);
  return row;
}

type OtherMember = Awaited<ReturnType<typeof otherOf>>;

/**
 * Whether the other member is still here: not one who deleted their account, whether it is
 * pending deletion (reactivatable for 14 days, spec §4) or already erased. One who left receives
 * nothing: no message, image or gift (issue 25), refused with memberGone before any charge.
 */
function isStillMember(
  other: OtherMember,
): other is NonNullable<OtherMember> & { profileId: number } {
  return Boolean(other && !other.erased && !other.pendingDeletion && other.profileId !== null);
}

/** The one answer to a message, image or gift for a member who has left (isStillMember). */
function memberGone(): ApiError {
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

async function freeConversationsUsed(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.free, true)));
  return row?.used ?? 0;
}

/**
 * What the member may do here and at what price (ARCHITECTURE.md, chat costs): a member who has
 * not bought credits writes free of charge in their first FREE_CONVERSATIONS conversations.
 */
async function termsFor(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  mine: Side,
  other: Awaited<ReturnType<typeof otherOf>>,
): Promise<ChatTerms> {
  const used = await freeConversationsUsed(db, me.userId);
  const left = me.isPremium ? 0 : Math.max(0, FREE_CONVERSATIONS - used);
  const free = mine.free || (!mine.hasWritten && left > 0);
  // A blocked pair never gets here: its conversation is a 404 (getConversation).
  let reason: ChatTerms["blocked_reason"] = null;
  if (!isStillMember(other)) reason = "deleted";
  else if (!me.confirmed) reason = "sender_unconfirmed";
  else if (other.status !== "confirmed") reason = "recipient_unconfirmed";
  return {
    free,
    free_conversations_left: left,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    can_write: reason === null,
    blocked_reason: reason,
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
    .select()
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
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  let card = null;
  if (other?.profileId) {
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

/** The member's other pages update their list and badge (a `chats` event). */
async function publishChatsChanged(db: Database, userId: number) {
  await publishEvent(db, userId, {
    type: "chats",
    data: { unread_total: await unreadTotal(db, userId) },
  });
}

// A block closes the pair's conversation and an unblock opens it again: both lists change.
onBlocksChanged(async (db, profileIds) => {
  const members = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.id, profileIds));
  for (const { userId } of members) await publishChatsChanged(db, userId);
  // Their kept lists here (chats, likes) go at once; the events drop them everywhere.
  forgetMember(...members.map(({ userId }) => userId));
});

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
  {
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

/** A text message (spec §2 footer): checks, costs, the message and both sides' lists. */
export async function sendTextMessage(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  text: string,
): Promise<SentAnswer> {
  const body = text.trim();
  if (body.length === 0) throw new ValidationError({ text: { key: "chat.error.empty" } });
  if ([...body].length > site.messageLength) {
    throw new ValidationError({
      text: { key: "chat.error.tooLong", params: { max: site.messageLength } },
    });
  }
  return postMessage(db, site, me, conversationId, { kind: "text", body });
}

type NewMessage = Pick<
  typeof messages.$inferInsert,
  "kind" | "body" | "gift" | "imageKey" | "imageBlurKey" | "imageWidth" | "imageHeight"
>;

/**
 * An image message (spec §2): the photo pipeline's checks and renditions (re-encoded, metadata
 * removed), for the site's `photo_credits`. The recipient sees it blurred until they open it.
 */
export async function sendImageMessage(
  db: Database,
  storage: Storage,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  bytes: Uint8Array,
  media: MediaSigner,
): Promise<SentAnswer> {
  // Who may write here is checked before the image work.
  await assertCanWrite(db, me, conversationId);
  // The sender's framing is kept (a landscape photo stays landscape), within main's bounds.
  return withStoredPhoto(storage, bytes, "whole", async (stored) => {
    const sent = await postMessage(
      db,
      site,
      me,
      conversationId,
      {
        kind: "image",
        imageKey: stored.storageKey,
        imageBlurKey: stored.blurKey,
        imageWidth: stored.width,
        imageHeight: stored.height,
      },
      { costs: { credits: site.photoCredits, reason: "photo_message" } },
    );
    const image = sent.message.image && {
      ...sent.message.image,
      url: media.url(`${stored.storageKey}-main.webp`),
    };
    return { ...sent, message: { ...sent.message, image } };
  });
}

/**
 * Opens an image message for its recipient (spec §1: a free member sees others' photos locked;
 * premium opens them). 404 for a message that is not an image sent to the member.
 */
export async function openImage(
  db: Database,
  me: MemberViewer,
  messageId: number,
  media: MediaSigner,
): Promise<MessageView> {
  const [row] = await db
    .select({ message: messages, side: conversationMembers })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, me.userId),
      ),
    )
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.kind, "image"),
        notBlockedWithAccount(me.userId, conversationMembers.otherUserId),
      ),
    )
    .limit(1);
  if (!row || row.message.senderUserId === me.userId || row.message.id <= row.side.clearedUpTo) {
    throw notFound("chat.error.notFound");
  }
  if (!me.isPremium) throw new ApiError(403, "premium_required", "chat.error.imagePremium");
  const [opened] = await db
    .update(messages)
    .set({ imageOpenedAt: sql`coalesce(${messages.imageOpenedAt}, now())` })
    .where(eq(messages.id, messageId))
    .returning();
  if (!opened) throw notFound("chat.error.notFound");
  // A locked photo opened with premium: the purchase premium rests on is used (return policy).
  if (row.message.imageOpenedAt === null) await notePremiumUse(db, me.userId);
  return toMessageView(opened, me.userId, { deliveredUpTo: 0, readUpTo: 0 }, media);
}

/**
 * Refuses a message the member may not write here (spec §6): not their conversation or a
 * blocked pair (404), a recipient who has left (pending deletion or erased), an unconfirmed
 * address on either side. Every message, text, image or gift, passes here before any charge.
 */
async function assertCanWrite(
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
  return sides;
}

/**
 * Writes a message with its costs (ARCHITECTURE.md, chat costs) in one transaction: the
 * sender's account row is locked first, so a member's sends run one at a time and the free
 * conversations and the balance are decided on what the previous send left.
 */
export async function postMessage(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  content: NewMessage,
  options: {
    /** A price other than a text message's (gifts, images): never free. */
    costs?: { credits: number; reason: "gift" | "photo_message" };
    /** Runs in the message's transaction once it is stored (a gift's record). */
    onStored?: (tx: Database, message: Message) => Promise<void>;
  } = {},
): Promise<SentAnswer> {
  const { costs } = options;
  const { mine } = await assertCanWrite(db, me, conversationId);

  const sent = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${me.userId} for update`);
    const [side] = await tx
      .select()
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, me.userId),
        ),
      );
    if (!side) throw notFound("chat.error.notFound");
    let free = side.free;
    if (!free && !side.hasWritten && !me.isPremium && content.kind === "text") {
      free = (await freeConversationsUsed(tx, me.userId)) < FREE_CONVERSATIONS;
    }
    const price = costs?.credits ?? (free ? 0 : site.messageCredits);
    const [message] = await tx
      .insert(messages)
      .values({ ...content, conversationId, senderUserId: me.userId, credits: price })
      .returning();
    if (!message) throw new Error("message not stored");
    let balance: number | null;
    if (price > 0) {
      balance = await spendCredits(
        tx,
        me.userId,
        price,
        costs?.reason ?? "message",
        `message:${message.id}`,
      );
      if (balance === null) {
        // spec §6: a free member out of free conversations is offered premium; otherwise (a
        // paying member, or a gift or photo anyone pays for) more credits.
        throw me.isPremium || costs
          ? new ApiError(402, "not_enough_credits", "error.notEnoughCredits", { count: price })
          : new ApiError(403, "premium_required", "chat.error.premiumRequired");
      }
    } else {
      const [row] = await tx
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, me.userId));
      balance = row?.credits ?? 0;
    }
    await options.onStored?.(tx, message);
    const now = message.createdAt;
    await tx
      .update(conversationMembers)
      .set({
        lastMessageId: message.id,
        activityAt: now,
        listed: true,
        hasWritten: side.hasWritten || content.kind === "text",
        free,
      })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, me.userId),
        ),
      );
    const [theirs] = await tx
      .update(conversationMembers)
      .set({
        lastMessageId: message.id,
        activityAt: now,
        listed: true,
        unreadCount: sql`${conversationMembers.unreadCount} + 1`,
      })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, mine.otherUserId),
        ),
      )
      .returning();
    if (!theirs) throw new Error("conversation has one side");
    // Enqueued with the message: they exist exactly when the message does (design §10a). The
    // push goes at once, the e-mail later, if neither a page nor a push reached the member.
    const notice = {
      message: message.id,
      conversation: conversationId,
      recipient: mine.otherUserId,
    };
    await enqueueJob(tx, CHAT_PUSH_JOB, notice, { uniqueKey: `${CHAT_PUSH_JOB}:${message.id}` });
    await enqueueJob(tx, CHAT_MAIL_JOB, notice, {
      runAt: new Date(now.getTime() + CHAT_MAIL_DELAY_MS),
      uniqueKey: `${CHAT_MAIL_JOB}:${message.id}`,
    });
    const forThem = toMessageView(message, mine.otherUserId, { deliveredUpTo: 0, readUpTo: 0 });
    await publishEvent(tx, mine.otherUserId, {
      type: "message",
      data: { message: forThem, unread_total: await unreadTotal(tx, mine.otherUserId) },
    });
    const forMe = toMessageView(message, me.userId, theirs);
    await publishEvent(tx, me.userId, {
      type: "message",
      data: { message: forMe, unread_total: await unreadTotal(tx, me.userId) },
    });
    return { message: forMe, credits: balance };
  });
  // The push job was committed with the message: this process's runner takes it now.
  nudgeJobRunners();
  return sent;
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

/** The messages a member sent, oldest first (for the data export). */
export async function findMessagesSent(db: Database, userId: number) {
  return db
    .select({
      conversation: messages.conversationId,
      kind: messages.kind,
      text: messages.body,
      gift: messages.gift,
      credits: messages.credits,
      created_at: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.senderUserId, userId))
    .orderBy(messages.id);
}

/**
 * spec §3 Signup form draft: the first message a member wrote on another member's landing at
 * signup is sent once the account is activated, as that member's opening message (free: it
 * opens one of their free conversations). The draft is taken once, whatever happens next; a
 * recipient who is gone, blocked or unconfirmed simply does not get it.
 * @returns whether the message was sent
 */
export async function sendSignupMessage(
  db: Database,
  site: Site,
  userId: number,
): Promise<boolean> {
  const draft = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        text: users.signupMessage,
        to: users.signupMessageTo,
        status: users.status,
        paidUser: users.paidUser,
        profileId: profiles.id,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, userId), sql`${users.signupMessage} is not null`))
      .for("update", { of: users });
    if (!row) return null;
    await clearSignupMessage(tx, userId);
    return row;
  });
  if (!draft?.text || draft.to === null || draft.status !== "confirmed") return false;
  const me = {
    userId,
    profileId: draft.profileId,
    isPremium: draft.paidUser,
    confirmed: true,
  };
  try {
    const conversation = await openConversation(db, me, draft.to);
    // Signup took a longer text than a site's messages may be: the start of it is sent.
    const text = [...draft.text].slice(0, site.messageLength).join("");
    await sendTextMessage(db, site, me, conversation, text);
    return true;
  } catch (error) {
    if (error instanceof ApiError || error instanceof ValidationError) return false;
    throw error;
  }
}

export type MessageNotice = {
  recipient: typeof users.$inferSelect;
  category: "new_conversations" | "new_messages";
  senderName: string;
  conversation: number;
};

/**
 * Whether a message is pushed or e-mailed to its recipient (issue 12, spec §3 notification
 * categories): only if it reached none of their open pages and they have not read it, never
 * about a blocked or erased sender, and to an account that can get it. An e-mail goes only if
 * no push reached them, and one until they read the conversation. The first message of a
 * sender in a conversation is a new conversation. Opt-outs are checked where the notice is
 * sent (account/notification-mail.ts, push/service.ts); whether the member has a visible page
 * open, in the job (events/presence.ts).
 */
export async function findMessageNotice(
  db: Database,
  job: { message: number; conversation: number; recipient: number },
  channel: "push" | "mail",
): Promise<MessageNotice | null> {
  const [side] = await db
    .select()
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, job.conversation),
        eq(conversationMembers.userId, job.recipient),
      ),
    );
  if (!side?.listed) return null;
  if (side.readUpTo >= job.message || side.deliveredUpTo >= job.message) return null;
  if (channel === "mail" && (side.mailedUpTo > side.readUpTo || side.pushedUpTo >= job.message)) {
    return null;
  }
  const [message] = await db.select().from(messages).where(eq(messages.id, job.message));
  if (!message || message.id <= side.clearedUpTo) return null;
  const [sender] = await db
    .select({ profileId: profiles.id, name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, message.senderUserId));
  const [recipient] = await db.select().from(users).where(eq(users.id, job.recipient));
  const [recipientProfile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, job.recipient));
  if (!sender || !recipient || !recipientProfile) return null;
  if (recipient.status !== "confirmed" || recipient.erasedAt || recipient.deletionRequestedAt) {
    return null;
  }
  if (await isBlockedBetween(db, sender.profileId, recipientProfile.id)) return null;
  const [earlier] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, job.conversation),
        eq(messages.senderUserId, message.senderUserId),
        lt(messages.id, message.id),
      ),
    )
    .limit(1);
  return {
    recipient,
    category: earlier ? "new_messages" : "new_conversations",
    senderName: sender.name,
    conversation: job.conversation,
  };
}

/** Records that the member was e-mailed (or pushed) about the conversation up to this message. */
export async function markNotified(
  db: Database,
  job: { message: number; conversation: number; recipient: number },
  channel: "push" | "mail",
) {
  const column =
    channel === "push" ? conversationMembers.pushedUpTo : conversationMembers.mailedUpTo;
  await db
    .update(conversationMembers)
    .set({
      [channel === "push" ? "pushedUpTo" : "mailedUpTo"]: sql`greatest(${column}, ${job.message})`,
    })
    .where(
      and(
        eq(conversationMembers.conversationId, job.conversation),
        eq(conversationMembers.userId, job.recipient),
      ),
    );
}

/**
 * The daily unread-messages reminder (spec §3 unread_message_reminders): members whose newest
 * unread message came 20 to 44 hours ago, so each batch of unread messages is recalled once by a
 * daily run, with how many are unread. Accounts that cannot get e-mail are left out.
 */
export async function findUnreadReminders(db: Database, now: Date, limit = 500) {
  const hour = 60 * 60 * 1000;
  const rows = await db
    .select({
      userId: conversationMembers.userId,
      unread: sql<number>`sum(${conversationMembers.unreadCount})::int`,
    })
    .from(conversationMembers)
    .where(sql`${conversationMembers.unreadCount} > 0 and ${conversationMembers.listed}`)
    .groupBy(conversationMembers.userId)
    .having(
      sql`max(${conversationMembers.activityAt}) between ${new Date(now.getTime() - 44 * hour)} and ${new Date(now.getTime() - 20 * hour)}`,
    )
    .limit(limit);
  const reminders = [];
  for (const row of rows) {
    const [user] = await db.select().from(users).where(eq(users.id, row.userId));
    if (user && user.status === "confirmed" && !user.erasedAt && !user.deletionRequestedAt) {
      reminders.push({ user, unread: row.unread });
    }
  }
  return reminders;
}
