import { LRUCache } from "lru-cache";
import { MEMBER_CHANGE_CHANNEL } from "../auth/session-cache";
import type { ChannelListener, Database } from "../db/client";
import { perConnection } from "../db/notified";

/**
 * How long a shared first page of the member search is kept at most. Every write to a member,
 * their profile or photos forgets them all (the notifications of drizzle/0010); what is left
 * to time is the order by activity, whose marks notify nothing (drizzle/0038): a listing shows
 * it at most this much older than the database.
 */
export const LISTING_TTL_MS = 1000;

/** Filters read at once, each about 60 rows: bounded by the site's few popular searches. */
const MAX_LISTINGS = 500;

/**
 * Shared first pages of the member search by their filters, in this process (search/service.ts
 * fromSharedListing). As the session cache (auth/session-cache.ts), kept coherent by the
 * database: a notification on "member_change" (a member, profile or photo written, by any code
 * in any process, heard by the writer's process before its write returns) forgets every
 * listing; nothing is read from here while the listening connection is down, and everything is
 * forgotten when it comes back. A read in flight when a notification comes is not kept for the
 * requests after it.
 */
export class ListingCache<Listing> {
  readonly #entries = new LRUCache<string, Promise<Listing>>({
    max: MAX_LISTINGS,
    ttl: LISTING_TTL_MS,
  });
  #listener: Pick<ChannelListener, "live"> = { live: false };

  /** The listener whose liveness decides whether the cache may be used. */
  attach(listener: Pick<ChannelListener, "live">): void {
    this.#listener = listener;
  }

  /**
   * The listing of `key`: one being read or read since the last change and LISTING_TTL_MS,
   * else `read`'s, shared with every request asking for it until then. Undefined while changes
   * may go unheard: the caller reads for itself.
   */
  readThrough(key: string, read: () => Promise<Listing>): Promise<Listing> | undefined {
    if (!this.#listener.live) return undefined;
    const known = this.#entries.get(key);
    if (known) return known;
    const listing = read();
    this.#entries.set(key, listing);
    listing.catch(() => {
      if (this.#entries.get(key) === listing) this.#entries.delete(key);
    });
    return listing;
  }

  /** Something changed, or notifications may have been missed: every listing is forgotten. */
  forget(): void {
    this.#entries.clear();
  }
}

const listingCaches = perConnection(
  MEMBER_CHANGE_CHANNEL,
  () => new ListingCache<unknown>(),
  (cache) => ({ onNotify: () => cache.forget(), onReset: () => cache.forget() }),
);

/**
 * The listing cache of the process's database connection, listening from its first use; null
 * for any other database handle (a transaction), which reads without it.
 */
export async function listingCacheFor<Listing>(
  db: Database,
): Promise<ListingCache<Listing> | null> {
  return (await listingCaches(db)) as ListingCache<Listing> | null;
}
