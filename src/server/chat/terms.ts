import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChatTerms } from "../../contract/chat";
import type { Database } from "../db/client";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { chargeMessage } from "./free-conversations";
import { conversationMembers } from "./schema";
import { isStillMember, type OtherMember, type Side } from "./sides";

/**
 * How many of the member's conversations are free ones, as a query: a send reads it with the
 * sender's side in one statement (messages.ts). The table is aliased so that, as a subquery of
 * a statement on conversation_members, it counts the member's rows and not the outer one.
 */
export function freeConversationsUsedQuery(db: Database, userId: number) {
  const sides = alias(conversationMembers, "free_sides");
  return db
    .select({ used: sql<number>`count(*)::int` })
    .from(sides)
    .where(and(eq(sides.userId, userId), eq(sides.free, true)));
}

/**
 * What the member may do here and at what price (ARCHITECTURE.md, chat costs; the free
 * conversations by chargeMessage, as a text message would be charged).
 */
export async function termsFor(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  mine: Side,
  other: OtherMember,
): Promise<ChatTerms> {
  const [row] = await freeConversationsUsedQuery(db, me.userId);
  const { free, freeConversationsLeft } = chargeMessage({
    side: mine,
    isPremium: me.isPremium,
    freeConversationsUsed: row?.used ?? 0,
    kind: "text",
    messageCredits: site.messageCredits,
  });
  // A blocked pair never gets here: its conversation is a 404 (getConversation).
  let reason: ChatTerms["blocked_reason"] = null;
  if (!isStillMember(other)) reason = "deleted";
  else if (!me.confirmed) reason = "sender_unconfirmed";
  else if (other.status !== "confirmed") reason = "recipient_unconfirmed";
  return {
    free,
    free_conversations_left: freeConversationsLeft,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    can_write: reason === null,
    blocked_reason: reason,
  };
}
