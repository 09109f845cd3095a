import { and, eq, sql } from "drizzle-orm";
import type { SentAnswer } from "../../contract/chat";
import { spendCredits } from "../credits/service";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { nudgeJobRunners } from "../jobs/runner";
import { enqueueJob } from "../jobs/service";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import type { MemberViewer } from "../profiles/viewer";
import { rulesHitBy } from "../safety/flags";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { chargeMessage } from "./free-conversations";
import { chatMailJob, chatPushJob } from "./job-types";
import { toMessageView } from "./message-view";
import { CHAT_MAIL_DELAY_MS } from "./notifications";
import { notifyInbox } from "./operated-notice";
import { flagMessage } from "./safety-flags";
import { conversationMembers, type Message, messages } from "./schema";
import { assertCanWrite } from "./sides";
import { freeConversationsUsedQuery } from "./terms";
import { unreadTotal } from "./unread";

/** A text message (spec §2 footer): checks, costs, the message and both sides' lists. */
export async function sendTextMessage(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  text: string,
  /** issue 28: an agent writing as an operated profile (postMessage's staffId). */
  options: { staffId?: number } = {},
): Promise<SentAnswer> {
  const body = text.trim();
  if (body.length === 0) throw new ValidationError({ text: { key: "chat.error.empty" } });
  if ([...body].length > site.messageLength) {
    throw new ValidationError({
      text: { key: "chat.error.tooLong", params: { max: site.messageLength } },
    });
  }
  return postMessage(db, site, me, conversationId, { kind: "text", body }, options);
}

type NewMessage = Pick<
  typeof messages.$inferInsert,
  "kind" | "body" | "gift" | "imageKey" | "imageBlurKey" | "imageWidth" | "imageHeight"
>;

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
    /**
     * issue 28: an inbox agent writes as the operated profile `me`: nothing is charged (the
     * profile has no credits, the member pays nothing for its reply) and the agent is recorded.
     */
    staffId?: number;
  } = {},
): Promise<SentAnswer> {
  const { costs } = options;
  const { mine, other } = await assertCanWrite(db, me, conversationId);
  // Issue 27: scanned before the transaction (pure, no lock held); a hit never stops the send.
  const rulesHit = rulesHitBy(content.body);

  const sent = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${me.userId} for update`);
    // The sender's side and their free conversations, in one statement.
    const [row] = await tx
      .select({
        side: conversationMembers,
        freeConversationsUsed: sql<number>`(${freeConversationsUsedQuery(tx, me.userId)})`,
      })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, me.userId),
        ),
      );
    if (!row) throw notFound("chat.error.notFound");
    const { side } = row;
    const charged = chargeMessage({
      side,
      isPremium: me.isPremium,
      freeConversationsUsed: row.freeConversationsUsed,
      kind: content.kind,
      messageCredits: site.messageCredits,
      price: costs?.credits,
    });
    const { free, credits: price } =
      options.staffId === undefined ? charged : { free: side.free, credits: 0 };
    const [message] = await tx
      .insert(messages)
      .values({
        ...content,
        conversationId,
        senderUserId: me.userId,
        credits: price,
        sentByStaffId: options.staffId ?? null,
      })
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
    if (options.staffId !== undefined || other.fictional) await notifyInbox(tx, conversationId);
    await flagMessage(tx, message.id, rulesHit);
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
    await enqueueJob(tx, chatPushJob, notice, { uniqueKey: `${chatPushJob.name}:${message.id}` });
    await enqueueJob(tx, chatMailJob, notice, {
      runAt: new Date(now.getTime() + CHAT_MAIL_DELAY_MS),
      uniqueKey: `${chatMailJob.name}:${message.id}`,
    });
    const forThem = toMessageView({ ...message, flagged: rulesHit.length > 0 }, mine.otherUserId, {
      deliveredUpTo: 0,
      readUpTo: 0,
    });
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
