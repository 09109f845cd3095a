import { LRUCache } from "lru-cache";
import type { ChatsAnswer } from "../../contract/chat";
import { type EventHub, eventHub } from "../events/bus";

/**
 * The first page of each member's chat list, as last answered, per language (issue 12: GET
 * /api/chats.php within 25 ms p99 at 50 concurrent; every page's periodic refresh asks for it).
 * Whatever changes the list publishes an event for the member (a message, a receipt, a read, a
 * removal, a block), and every process hears every event (events/bus.ts), so an entry is dropped
 * the moment it goes stale, here and in the other processes. What publishes nothing (the other
 * member's new name or photo) shows within TTL_MS, well inside the hour the media URLs in it are
 * valid; it outlives the pages' 60 s refresh, so a list that did not change is not read again.
 */
const TTL_MS = 10 * 60_000;
/** About 12 KB a list of 20: some 25 MB at most. */
const MAX_ENTRIES = 2000;

/** By member: one language at a time (a member switching language loads the list again). */
const lists = new LRUCache<number, { locale: string; answer: ChatsAnswer }>({
  max: MAX_ENTRIES,
  ttl: TTL_MS,
});
/** How often each member's lists were dropped: a load that overlapped a drop is not kept. */
const drops = new LRUCache<number, number>({ max: 50 * MAX_ENTRIES });
let watched: EventHub | null = null;

function drop(userId: number | null): void {
  if (userId === null) {
    lists.clear();
    drops.clear();
    return;
  }
  drops.set(userId, (drops.get(userId) ?? 0) + 1);
  lists.delete(userId);
}

/**
 * The member's first page from the cache, or from `load` (kept if no event for the member came
 * while it ran, and only while this process hears events).
 */
export async function cachedChatList(
  userId: number,
  locale: string,
  load: () => Promise<ChatsAnswer>,
): Promise<ChatsAnswer> {
  const hub = await eventHub();
  if (watched !== hub) {
    watched = hub;
    drop(null);
    hub.watch(drop);
  }
  const hit = lists.get(userId);
  if (hit?.locale === locale) return hit.answer;
  const before = drops.get(userId) ?? 0;
  const answer = await load();
  if (hub.live && (drops.get(userId) ?? 0) === before) lists.set(userId, { locale, answer });
  return answer;
}
