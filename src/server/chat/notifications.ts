import { and, eq, lt, sql } from "drizzle-orm";
import { isBlockedBetween } from "../blocks/service";
import type { Database } from "../db/client";
import { profiles } from "../profiles/schema";
import { users } from "../users/schema";
import { conversationMembers, messages } from "./schema";

/**
 * How long a message may wait for the recipient's open page before it is e-mailed: a member who
 * is online sees it delivered at once (the events stream marks it), and gets no e-mail.
 */
export const CHAT_MAIL_DELAY_MS = 2 * 60 * 1000;

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
