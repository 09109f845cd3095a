import { and, eq, sql } from "drizzle-orm";
import type { ChatTerms } from "../../contract/chat";
import { FREE_CONVERSATIONS } from "../../contract/chat-options";
import type { Database } from "../db/client";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { conversationMembers } from "./schema";
import { isStillMember, type OtherMember, type Side } from "./sides";

export async function freeConversationsUsed(db: Database, userId: number): Promise<number> {
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
export async function termsFor(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  mine: Side,
  other: OtherMember,
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
