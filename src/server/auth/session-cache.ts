import { LRUCache } from "lru-cache";
import type { ChannelListener, Database } from "../db/client";
import { perConnection } from "../db/notified";

/**
 * The channel drizzle/0010_member_change_notify.sql notifies on every committed write to a
 * session, a member, their profile or its photos: the members' ids, comma-separated, or "*".
 */
export const MEMBER_CHANGE_CHANNEL = "member_change";

/** About 2 KB a session: the cache stays under about 20 MB however many members come. */
const MAX_SESSIONS = 10_000;
/**
 * Coherence comes from the notifications, not from time: the limit only lets a member who left
 * free their memory, and bounds what a write made with the triggers switched off (by hand, as
 * an operator) could leave behind.
 */
const TTL_MS = 5 * 60 * 1000;

/** What the cache needs of a cached value: the session's id and its member. */
type SessionRow = { session: { id: string; userId: number } };

/**
 * Session id → the hot path's row (the session, its member, their profile and main photo), in
 * this process, kept coherent by the database: every write to those rows, by any code in any
 * process, notifies their member's id at commit (ARCHITECTURE.md, the request path), and the
 * member's sessions are forgotten. A read is remembered only if no notification came while it
 * ran (it may have read the row before that write), and nothing is served or remembered while
 * the listening connection is down (notifications may be lost then; all is forgotten when it is
 * back). Values are copied in and out: a request may change its own copy.
 */
export class SessionCache<Row extends SessionRow> {
  readonly #entries: LRUCache<string, Row>;
  /** Member id → the ids of their cached sessions, to forget them by member. */
  readonly #byMember = new Map<number, Set<string>>();
  /** Bumped by every notification and reset: a read that saw it change is not remembered. */
  #generation = 0;
  #listener: Pick<ChannelListener, "live"> = { live: false };

  constructor() {
    this.#entries = new LRUCache<string, Row>({
      max: MAX_SESSIONS,
      ttl: TTL_MS,
      dispose: (row, id) => {
        const ids = this.#byMember.get(row.session.userId);
        ids?.delete(id);
        if (ids?.size === 0) this.#byMember.delete(row.session.userId);
      },
    });
  }

  /** The listener whose liveness decides whether the cache may be used. */
  attach(listener: Pick<ChannelListener, "live">): void {
    this.#listener = listener;
  }

  /** How many sessions are remembered (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached row for a session id, else what `read` finds (remembered if still current). */
  async readThrough(id: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (this.#listener.live) {
      const cached = this.#entries.get(id);
      if (cached) return copyOf(cached);
    }
    const generation = this.#generation;
    const row = await read();
    if (row && row.session.id === id && generation === this.#generation && this.#listener.live) {
      this.#entries.set(id, copyOf(row));
      const ids = this.#byMember.get(row.session.userId) ?? new Set<string>();
      ids.add(id);
      this.#byMember.set(row.session.userId, ids);
    }
    return row;
  }

  /** A notification's payload: these members' sessions (or, for "*", all) are forgotten. */
  forgetMembers(payload: string): void {
    this.#generation++;
    if (payload === "*") {
      this.#entries.clear();
      return;
    }
    for (const part of payload.split(",")) {
      const ids = this.#byMember.get(Number(part));
      for (const id of [...(ids ?? [])]) this.#entries.delete(id);
    }
  }

  /** Notifications may have been missed: everything is forgotten. */
  reset(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

/**
 * A copy a request may change: the row's objects (session, user, profile, photo) and arrays
 * (the profiles blocked either way) copied one level down. Their values are strings, numbers,
 * booleans, nulls and dates, which the code replaces and never changes in place. A tenth of
 * structuredClone's cost on the hot path.
 */
function copyOf<Row extends object>(row: Row): Row {
  const copy = { ...row };
  for (const key of Object.keys(copy) as (keyof Row)[]) {
    const value = copy[key];
    if (Array.isArray(value)) copy[key] = [...value] as Row[keyof Row];
    else if (value && typeof value === "object" && !(value instanceof Date)) {
      copy[key] = { ...value };
    }
  }
  return copy;
}

const sessionCaches = perConnection(
  MEMBER_CHANGE_CHANNEL,
  () => new SessionCache<SessionRow>(),
  (cache) => ({
    onNotify: (payload) => cache.forgetMembers(payload),
    onReset: () => cache.reset(),
  }),
);

/**
 * The session cache of the process's database connection, listening from its first use; null
 * for any other database handle (a transaction), which reads without it.
 */
export async function sessionCacheFor<Row extends SessionRow>(
  db: Database,
): Promise<SessionCache<Row> | null> {
  return (await sessionCaches(db)) as SessionCache<Row> | null;
}
