import { LRUCache } from "lru-cache";
import { type EventHub, eventHub } from "./bus";

/**
 * A per-member cache of answers that every event for the member drops (issue 12's chat list,
 * issue 13's likes lists): whatever changes such an answer publishes an event for the member,
 * and every process hears every event (bus.ts), so an entry goes the moment it is stale, here
 * and in the other processes. What publishes nothing (another member's new name or photo) shows
 * within the TTL, which callers keep well inside the hour their media URLs are valid.
 */
export type MemberCache<T> = {
  /**
   * The member's answer under `key` from the cache, or from `load` (kept if no event for the
   * member came while it ran, and only while this process hears events).
   */
  get(userId: number, key: string, load: () => Promise<T>): Promise<T>;
};

/** Every member cache of this process, for forgetMember. */
const caches = new Set<(userId: number) => void>();

/**
 * Drops a member's entries from this process's caches at once, after a write of this process
 * committed: the event that drops them everywhere arrives a moment later, and the member's next
 * request (a test's, or a fast client's) may come first.
 */
export function forgetMember(...userIds: number[]): void {
  for (const userId of userIds) for (const drop of caches) drop(userId);
}

export function createMemberCache<T>(options: {
  ttlMs: number;
  /** Members held at most. */
  maxMembers: number;
  /** Keys held per member (the newest stay). */
  keysPerMember: number;
}): MemberCache<T> {
  const entries = new LRUCache<number, Map<string, T>>({
    max: options.maxMembers,
    ttl: options.ttlMs,
  });
  /** How often each member's entries were dropped: a load that overlapped a drop is not kept. */
  const drops = new LRUCache<number, number>({ max: 50 * options.maxMembers });
  let watched: EventHub | null = null;
  /** How often everything was dropped (the listener lost or back): `drops` starts over then. */
  let resets = 0;

  function drop(userId: number | null): void {
    if (userId === null) {
      resets++;
      entries.clear();
      drops.clear();
      return;
    }
    drops.set(userId, (drops.get(userId) ?? 0) + 1);
    entries.delete(userId);
  }

  caches.add((userId) => drop(userId));
  return {
    async get(userId, key, load) {
      const hub = await eventHub();
      if (watched !== hub) {
        watched = hub;
        drop(null);
        hub.watch(drop);
      }
      const held = entries.get(userId);
      if (held?.has(key)) return held.get(key) as T;
      const before = drops.get(userId) ?? 0;
      const resetsBefore = resets;
      const answer = await load();
      // A load that overlapped the listener's loss and return may have missed a change.
      if (hub.live && resets === resetsBefore && (drops.get(userId) ?? 0) === before) {
        const kept = new Map(entries.get(userId) ?? []);
        kept.set(key, answer);
        while (kept.size > options.keysPerMember) kept.delete(kept.keys().next().value as string);
        entries.set(userId, kept);
      }
      return answer;
    },
  };
}
