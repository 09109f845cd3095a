import type { ChatsAnswer } from "../../contract/chat";
import { createMemberCache } from "../events/member-cache";

/**
 * The first page of each member's chat list, as last answered, per language (issue 12: GET
 * /api/chats.php within 25 ms p99 at 50 concurrent; every page's periodic refresh asks for it).
 * Whatever changes the list publishes an event for the member (a message, a receipt, a read, a
 * removal, a block), which drops the entry (events/member-cache.ts). The TTL outlives the pages'
 * 60 s refresh, so a list that did not change is not read again.
 */
const lists = createMemberCache<ChatsAnswer>({
  ttlMs: 10 * 60_000,
  // About 12 KB a list of 20: some 25 MB at most.
  maxMembers: 2000,
  // One language at a time: a member switching language loads the list again.
  keysPerMember: 1,
});

/** The member's first page, from the cache or from `load`. */
export function cachedChatList(
  userId: number,
  locale: string,
  load: () => Promise<ChatsAnswer>,
): Promise<ChatsAnswer> {
  return lists.get(userId, locale, load);
}
