import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SentAnswer } from "../../contract/chat";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { sendTextMessage } from "./messages";
import { markRead, signalTyping } from "./receipts";
import { conversationMembers } from "./schema";

/*
 * issue 28 item 1 (decision 0015): an operated profile is a fictional one; the site's agents
 * answer its conversations. Chat's tables are written here, for the staff inbox.
 */

/** A conversation's two sides when one is an operated profile: the profile's and the member's. */
export async function operatedConversation(db: Database, conversationId: number) {
  const memberSide = alias(conversationMembers, "member_side");
  const member = alias(users, "member");
  const [row] = await db
    .select({
      operatedUserId: conversationMembers.userId,
      operatedProfileId: profiles.id,
      memberUserId: memberSide.userId,
      memberSiteId: member.siteId,
      memberLanguage: member.language,
    })
    .from(conversationMembers)
    .innerJoin(
      profiles,
      and(eq(profiles.userId, conversationMembers.userId), sql`${profiles.fictional}`),
    )
    .innerJoin(
      memberSide,
      and(
        eq(memberSide.conversationId, conversationMembers.conversationId),
        ne(memberSide.userId, conversationMembers.userId),
      ),
    )
    .innerJoin(member, eq(member.id, memberSide.userId))
    .where(eq(conversationMembers.conversationId, conversationId))
    .limit(1);
  return row ?? null;
}

export type OperatedConversation = NonNullable<Awaited<ReturnType<typeof operatedConversation>>>;

/**
 * An agent's reply as the operated profile: the member's own send path (checks, the message,
 * both sides' lists, the events, typing and receipts as for any message, push and mail), with
 * nothing charged and the agent recorded on the message. 404 when the conversation has no
 * operated profile. Runs in the caller's transaction when given one.
 */
/** The operated profile as the sender of chat's calls (it has no session). */
function operatedMember(conversation: OperatedConversation) {
  if (!conversation.operatedProfileId) throw notFound("chat.error.notFound");
  return {
    userId: conversation.operatedUserId,
    profileId: conversation.operatedProfileId,
    isPremium: false,
    confirmed: true,
  };
}

/** The agent opened or answered: the member's messages are read, as a member's reading does. */
export async function markReadAsOperated(
  db: Database,
  conversation: OperatedConversation & { conversationId: number },
): Promise<void> {
  await markRead(db, operatedMember(conversation), conversation.conversationId);
}

/** The agent is typing: the member's open page shows the profile typing. */
export async function typingAsOperated(
  db: Database,
  conversation: OperatedConversation & { conversationId: number },
): Promise<void> {
  await signalTyping(db, operatedMember(conversation), conversation.conversationId);
}

export async function postAsOperatedProfile(
  db: Database,
  site: Site,
  conversation: OperatedConversation & { conversationId: number },
  staffId: number,
  text: string,
): Promise<SentAnswer> {
  const me = operatedMember(conversation);
  return sendTextMessage(db, site, me, conversation.conversationId, text, { staffId });
}
