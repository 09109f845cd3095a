import { inArray } from "drizzle-orm";
import { onBlocksChanged } from "../blocks/service";
import type { Database } from "../db/client";
import type { StoredEvent } from "../events/bus";
import { forgetMember } from "../events/member-cache";
import { onEventsDelivered } from "../events/routes";
import { profiles } from "../profiles/schema";
import { markDelivered } from "./receipts";
import { publishChatsChanged } from "./unread";

/** A block closes the pair's conversation and an unblock opens it again: both lists change. */
async function refreshListsOfPair(db: Database, profileIds: [number, number]) {
  const members = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.id, profileIds));
  for (const { userId } of members) await publishChatsChanged(db, userId);
  // Their kept lists here (chats, likes) go at once; the events drop them everywhere.
  forgetMember(...members.map(({ userId }) => userId));
}

/** A message event written to the recipient's open page: their side marks it delivered. */
async function markReachedDelivered(db: Database, userId: number, events: StoredEvent[]) {
  const reached = new Set<number>();
  for (const event of events) {
    if (event.type === "message" && !event.data.message.from_me) {
      reached.add(event.data.message.conversation);
    }
  }
  for (const conversation of reached) await markDelivered(db, userId, conversation);
}

/**
 * Chat's part in what lower features report: blocks (blocks/service.ts) and events that reached
 * a member's open page (events/routes.ts). Registered once per process by registerHooks
 * (src/server/hooks.ts), never as a side effect of importing a chat module.
 */
export function registerChatHooks(): void {
  onBlocksChanged(refreshListsOfPair);
  onEventsDelivered(markReachedDelivered);
}
