import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Gift, MessageKind } from "../../contract/chat-options";
import { users } from "../users/schema";

/*
 * Chat belongs to accounts, not profiles: erasure deletes a member's profile but keeps the
 * anonymous users row (account/deletion.ts), so the messages others received stay, shown as
 * from a deleted member (spec §6). Every id past the API is a profile id; these join through
 * profiles.user_id.
 */

/** One conversation per pair of members, whoever wrote first. */
export const conversations = pgTable(
  "conversations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The pair, lower user id first, so a pair has one row. */
    userLowId: integer("user_low_id")
      .notNull()
      .references(() => users.id),
    userHighId: integer("user_high_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_pair_key").on(table.userLowId, table.userHighId),
    check("conversations_pair_ordered", sql`${table.userLowId} < ${table.userHighId}`),
  ],
);

/**
 * Each side's view of a conversation: its place in that member's list, unread count, what was
 * delivered to and read by that member, and what that member removed (spec §4).
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    otherUserId: integer("other_user_id")
      .notNull()
      .references(() => users.id),
    /** Orders the member's list: the last message's time, or when the member opened it. */
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    unreadCount: integer("unread_count").notNull().default(0),
    /** The newest message of the other member that reached this member's device, and that they read. */
    deliveredUpTo: bigint("delivered_up_to", { mode: "number" }).notNull().default(0),
    readUpTo: bigint("read_up_to", { mode: "number" }).notNull().default(0),
    /** The newest message this member was e-mailed about (one e-mail until they read). */
    mailedUpTo: bigint("mailed_up_to", { mode: "number" }).notNull().default(0),
    /** The newest message a push about it reached one of this member's browsers. */
    pushedUpTo: bigint("pushed_up_to", { mode: "number" }).notNull().default(0),
    /** spec §4 removing a chat: messages up to here are gone for this member. */
    clearedUpTo: bigint("cleared_up_to", { mode: "number" }).notNull().default(0),
    /** Listed: false once removed, until a new message comes (or the member writes again). */
    listed: boolean("listed").notNull().default(true),
    /** One of the member's free conversations (ARCHITECTURE.md, chat costs). */
    free: boolean("free").notNull().default(false),
    /** Whether this member has written here (the first message's costs and notifications). */
    hasWritten: boolean("has_written").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_members_list_idx")
      .on(
        table.userId,
        table.activityAt.desc().nullsFirst(),
        table.conversationId.desc().nullsFirst(),
      )
      .where(sql`${table.listed}`),
    index("conversation_members_unread_idx")
      .on(table.userId)
      .where(sql`${table.unreadCount} > 0 and ${table.listed}`),
    index("conversation_members_free_idx").on(table.userId).where(sql`${table.free}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<MessageKind>().notNull(),
    body: text("body"),
    gift: text("gift").$type<Gift>(),
    /** An image message's file (the photo pipeline's storage key and size). */
    imageKey: text("image_key"),
    /** The blurred stand-in the recipient sees until they open the image (design §8). */
    imageBlurKey: text("image_blur_key"),
    /** When the recipient opened the image (premium members; spec §1 locked photos). */
    imageOpenedAt: timestamp("image_opened_at", { withTimezone: true }),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    /** What the sender paid (0 in a free conversation, and for an operated profile's reply). */
    credits: integer("credits").notNull().default(0),
    /**
     * issue 28: the staff agent who wrote this as an operated profile (audit). No foreign key:
     * chat sits below staff (design §3). Never in a member's view (message-view.ts).
     */
    sentByStaffId: integer("sent_by_staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("messages_conversation_idx").on(table.conversationId, table.id),
    index("messages_sender_idx").on(table.senderUserId, table.createdAt),
    // The console's daily rollup counts a day's messages by this, never by a scan.
    index("messages_created_idx").on(table.createdAt),
  ],
);

export type Message = typeof messages.$inferSelect;
export type ConversationMember = typeof conversationMembers.$inferSelect;
