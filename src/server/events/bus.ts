import { and, eq, gt, inArray, lt, max, or, type SQL, sql } from "drizzle-orm";
import type { MemberEvent, TypingEvent } from "../../contract/events";
import { type ChannelListener, type Database, getConnection } from "../db/client";
import { memberEvents } from "./schema";

/**
 * design §7: the bus is PostgreSQL's LISTEN/NOTIFY on both engines. A stored event notifies
 * `{"u": member, "id": event}` at the commit of the transaction that wrote it; a typing signal
 * `{"u": member, "e": event}`. On PGlite every write goes through the process's one connection,
 * which listens, so this is the in-process bus; on PostgreSQL every app process listens on a
 * connection of its own and hears what the others commit.
 */
export const MEMBER_EVENT_CHANNEL = "member_event";

/**
 * An event this small travels in its notification (NOTIFY takes 8 000 bytes), so an open stream
 * writes it without reading the database; a larger one (a long message) is read by its id.
 */
const INLINE_EVENT_BYTES = 7000;

/** design §10a: events are kept this long for reconnecting streams. */
export const EVENT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

export type StoredEvent = MemberEvent & { id: number };

/**
 * The notification of an event row a statement stored in a CTE named `stored` (its `id, user_id,
 * type, data`): the event inline when small enough, else its id. For publishEvent, and for a
 * statement that stores its event beside the change it reports (changeCredits).
 */
export const storedEventNotice = sql`pg_notify(
  ${MEMBER_EVENT_CHANNEL},
  case when octet_length(stored.data::text) <= ${INLINE_EVENT_BYTES}
    then json_build_object('u', stored.user_id, 'id', stored.id, 't', stored.type, 'd', stored.data)::text
    else json_build_object('u', stored.user_id, 'id', stored.id)::text end)`;

/**
 * The statement that stores events, for a CTE named `stored` (see storedEventNotice): `rows`
 * gives their `(user_id, type, data)`, as VALUES or a SELECT from the caller's other CTEs.
 *
 * @example sql`with stored as (${storeEventsStatement(sql`values (${id}, 'like', '{}'::jsonb)`)})`
 */
export function storeEventsStatement(rows: SQL): SQL {
  return sql`insert into ${memberEvents} (user_id, type, data) ${rows}
      returning id, user_id, type, data`;
}

/**
 * Stores an event for a member and notifies it, in one statement, in the caller's transaction:
 * the event exists, and is announced, exactly when the change it reports commits.
 */
export async function publishEvent(
  db: Database,
  userId: number,
  event: MemberEvent,
): Promise<void> {
  await db.execute(sql`
    with stored as (${storeEventsStatement(
      sql`values (${userId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`,
    )})
    select ${storedEventNotice} from stored`);
}

/** A signal that is not stored (typing): only the streams open now receive it. */
export async function signalEvent(db: Database, userId: number, event: TypingEvent): Promise<void> {
  await db.execute(
    sql`select pg_notify(${MEMBER_EVENT_CHANNEL}, ${JSON.stringify({ u: userId, e: event })})`,
  );
}

/**
 * A member's events after `afterId` (and any of `alsoIds`, which a notification named but a
 * later id overtook: ids are taken at insert, notifications sent at commit), oldest first.
 */
export async function eventsSince(
  db: Database,
  userId: number,
  afterId: number,
  alsoIds: number[] = [],
  limit = 200,
): Promise<StoredEvent[]> {
  const after = gt(memberEvents.id, afterId);
  const rows = await db
    .select({ id: memberEvents.id, type: memberEvents.type, data: memberEvents.data })
    .from(memberEvents)
    .where(
      and(
        eq(memberEvents.userId, userId),
        alsoIds.length ? or(after, inArray(memberEvents.id, alsoIds)) : after,
      ),
    )
    .orderBy(memberEvents.id)
    .limit(limit);
  return rows as StoredEvent[];
}

/** The id a new stream starts after: the member's latest event (0 when there is none). */
export async function latestEventId(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(memberEvents.id) })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId));
  return Number(row?.id ?? 0);
}

/** design §10a: events older than the retention go (a daily job). */
export async function pruneMemberEvents(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(memberEvents)
    .where(lt(memberEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)))
    .returning({ id: memberEvents.id });
  return deleted.length;
}

/**
 * What wakes a subscriber: a stored event's id, a typing signal, a reset (catch up from the
 * database), or the end (the member opened more streams than are kept).
 */
export type Wake =
  | { id: number; stored?: StoredEvent }
  | { event: TypingEvent }
  | { reset: true }
  | { end: true };

type Subscriber = (wake: Wake) => void;

/**
 * The process's subscribers by member: the open event streams. A notification for a member
 * without a stream here costs a map lookup.
 */
export class EventHub {
  readonly #subscribers = new Map<number, Set<Subscriber>>();
  readonly #watchers = new Set<(userId: number | null) => void>();
  #listener: Pick<ChannelListener, "live"> = { live: false };

  attach(listener: Pick<ChannelListener, "live">): void {
    this.#listener = listener;
  }

  /** False while notifications may be lost (the listening connection is down). */
  get live(): boolean {
    return this.#listener.live;
  }

  /** How many streams are open in this process. */
  get size(): number {
    let size = 0;
    for (const set of this.#subscribers.values()) size += set.size;
    return size;
  }

  /** The members with a stream open here. */
  members(): number[] {
    return [...this.#subscribers.keys()];
  }

  /** The member's open streams here, oldest first. */
  subscribersOf(userId: number): Subscriber[] {
    return [...(this.#subscribers.get(userId) ?? [])];
  }

  subscribe(userId: number, subscriber: Subscriber): () => void {
    const set = this.#subscribers.get(userId) ?? new Set();
    set.add(subscriber);
    this.#subscribers.set(userId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#subscribers.get(userId) === set) this.#subscribers.delete(userId);
    };
  }

  /** A notification's payload; anything malformed is ignored. */
  deliver(payload: string): void {
    let note: { u?: unknown; id?: unknown; e?: unknown; t?: unknown; d?: unknown };
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof note.u !== "number") return;
    if (typeof note.id === "number") for (const watcher of this.#watchers) watcher(note.u);
    const set = this.#subscribers.get(note.u);
    if (!set) return;
    const wake: Wake | null =
      typeof note.id === "number"
        ? {
            id: note.id,
            stored:
              typeof note.t === "string" && note.d && typeof note.d === "object"
                ? ({ id: note.id, type: note.t, data: note.d } as StoredEvent)
                : undefined,
          }
        : note.e && typeof note.e === "object"
          ? { event: note.e as TypingEvent }
          : null;
    if (!wake) return;
    for (const subscriber of [...set]) subscriber(wake);
  }

  /**
   * Calls `watcher` with the member of every stored event this process hears of, whoever holds
   * a stream (a cache of what the member sees goes stale then), and with null when
   * notifications may have been missed. Answers a function that stops it.
   */
  watch(watcher: (userId: number | null) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** Notifications may have been missed: every stream catches up from the database. */
  reset(): void {
    for (const watcher of this.#watchers) watcher(null);
    for (const set of this.#subscribers.values()) {
      for (const subscriber of [...set]) subscriber({ reset: true });
    }
  }
}

const hubs = new WeakMap<Database, Promise<EventHub>>();

/** The event hub of the process's database connection, listening from its first use. */
export async function eventHub(): Promise<EventHub> {
  const connection = await getConnection();
  const key = connection.db;
  let hub = hubs.get(key);
  if (!hub) {
    const created = new EventHub();
    hub = connection
      .listen(MEMBER_EVENT_CHANNEL, {
        onNotify: (payload) => created.deliver(payload),
        onReset: () => created.reset(),
      })
      .then(
        (listener) => {
          created.attach(listener);
          return created;
        },
        (error: unknown) => {
          hubs.delete(key);
          throw error;
        },
      );
    hubs.set(key, hub);
  }
  return hub;
}
