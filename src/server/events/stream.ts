import type { SSEMessage } from "hono/streaming";
import type { EventHub, StoredEvent, Wake } from "./bus";

/** Comments keep proxies from closing an idle stream (most close after 60 s of silence). */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser reconnects with Last-Event-ID, losing nothing:
 * the session is checked again then, so a logged-out member's stream does not outlive it.
 */
export const STREAM_MAX_MS = 10 * 60 * 1000;
/** Streams one member may hold in one process (tabs, devices); a new one ends the oldest. */
export const MAX_STREAMS_PER_MEMBER = 8;
/** The browser waits this long before reconnecting (the SSE retry field). */
const RETRY_MS = 3000;
/** Events read from the store at a time while catching up (eventsSince's page). */
const CATCH_UP_PAGE = 200;
/** Ids remembered as sent, so a notification that follows a catch-up is not written twice. */
const MAX_SENT_IDS = 512;

/** What the stream writes to: hono's SSEStreamingApi, or a test's stand-in. */
export type SseWriter = {
  readonly closed: boolean;
  writeSSE(message: SSEMessage): Promise<void>;
  write(text: string): Promise<unknown>;
  onAbort(listener: () => void): void;
};

/** Where a stream reads the member's stored events (the database, in the route). */
export type StoredEvents = {
  /**
   * The events after `afterId`, and any of `alsoIds`, oldest first, at most 200 (bus.ts
   * eventsSince).
   */
  since(afterId: number, alsoIds: number[]): Promise<StoredEvent[]>;
  /** The member's latest event id (0 when there is none): where a new stream starts. */
  latestId(): Promise<number>;
};

export type MemberEventStreamOptions = {
  userId: number;
  hub: EventHub;
  events: StoredEvents;
  /** The Last-Event-ID of a reconnect; a new stream starts after the latest event. */
  resumeFrom?: number;
  /** The stream is ready: the member has a page open. */
  onReady?: () => void;
  /** Stored events reached the page (after the write); a failure ends nothing. */
  onDelivered?: (events: StoredEvent[]) => Promise<void>;
  /** The stream ended; `wasLast` when the member holds no other stream in this process. */
  onClosed?: (wasLast: boolean) => void;
  heartbeatMs?: number;
  maxMs?: number;
};

/**
 * design §7: one member's live event stream, on the model of hono's SSEStreamingApi: it wraps
 * the SSE writer with what the events route needs. It subscribes to the hub before it reads its
 * starting point (nothing committed after that point is missed), writes `ready`, then each stored
 * event once, in id order: from its notification when the event came with it, else from the
 * store. A notification for an id at or below the last one sent (its transaction took the id
 * earlier and committed later: "overtaken") and a reset of the hub (notifications may have been
 * lost) are caught up from the store. `run()` resolves when the stream ends: aborted by the
 * browser, after `maxMs`, or ended by a newer stream of the member's beyond the cap.
 */
export class MemberEventStream {
  readonly #sse: SseWriter;
  readonly #options: MemberEventStreamOptions;
  #last: number;
  /** Ids a notification named at or below `#last`: read by id in the next catch-up. */
  readonly #overtaken: number[] = [];
  readonly #sent = new Set<number>();
  #running: Promise<void> | null = null;
  #again = false;
  #ready = false;
  /** A notification came before the starting point was read: catch up once ready. */
  #early = false;
  #finish: () => void = () => {};
  readonly #ended = new Promise<void>((resolve) => {
    this.#finish = resolve;
  });

  constructor(sse: SseWriter, options: MemberEventStreamOptions) {
    this.#sse = sse;
    this.#options = options;
    this.#last = options.resumeFrom ?? 0;
  }

  /** The last event id written (or the starting point). */
  get lastEventId(): number {
    return this.#last;
  }

  /** Ends the stream: `run()` resolves. */
  end(): void {
    this.#finish();
  }

  /** Runs the stream until it ends; cleans up after itself either way. */
  async run(): Promise<void> {
    const { hub, userId, resumeFrom } = this.#options;
    // The oldest streams of this member in this process make room for this one.
    const others = hub.subscribersOf(userId);
    // Clamped: a negative end would make slice count from the end and close streams below the cap.
    const excess = Math.max(0, others.length - MAX_STREAMS_PER_MEMBER + 1);
    for (const other of others.slice(0, excess)) other({ end: true });
    const unsubscribe = hub.subscribe(userId, (wake) => this.#wake(wake));
    const heartbeat = setInterval(
      () => void this.#sse.write(": ping\n\n").catch(() => this.end()),
      this.#options.heartbeatMs ?? HEARTBEAT_MS,
    );
    const lifetime = setTimeout(() => this.end(), this.#options.maxMs ?? STREAM_MAX_MS);
    this.#sse.onAbort(() => this.end());
    try {
      if (resumeFrom === undefined) this.#last = await this.#options.events.latestId();
      // `resumed` false: the page reloads what it shows, as it was rendered before this point.
      // `last_event_id`: where the stream starts, for a page that closes it and resumes later.
      await this.#sse.writeSSE({
        event: "ready",
        data: JSON.stringify({ resumed: resumeFrom !== undefined, last_event_id: this.#last }),
        retry: RETRY_MS,
      });
      this.#ready = true;
      this.#options.onReady?.();
      // A new stream starts after the latest event; it reads the store only to catch up (a
      // reconnect) or for what was notified while it started.
      if (resumeFrom !== undefined || this.#early) await this.#catchUp();
      await this.#ended;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      this.#options.onClosed?.(hub.subscribersOf(userId).length === 0);
    }
  }

  #wake(wake: Wake): void {
    if (this.#sse.closed) return;
    if ("end" in wake) {
      this.end();
      return;
    }
    if ("event" in wake) {
      void this.#sse
        .writeSSE({ event: wake.event.type, data: JSON.stringify(wake.event.data) })
        .catch(() => this.end());
      return;
    }
    if (!this.#ready) {
      this.#early = true;
      return;
    }
    if ("reset" in wake) {
      void this.#catchUp();
      return;
    }
    if (this.#sent.has(wake.id)) return;
    // The event came with its notification: written at once, in commit order, unless a
    // catch-up from the store is under way (then it is read in its turn).
    const stored = wake.stored;
    if (stored && !this.#running) {
      this.#running = this.#writeEvents([stored])
        .catch(() => this.end())
        .finally(() => {
          this.#running = null;
          if (this.#again) void this.#catchUp();
        });
      return;
    }
    if (wake.id <= this.#last) this.#overtaken.push(wake.id);
    void this.#catchUp();
  }

  /** Reads and writes what the store holds past the last event, until none is left. */
  #catchUp(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        let extra = this.#overtaken.splice(0);
        let batch: StoredEvent[];
        do {
          batch = await this.#options.events.since(this.#last, extra);
          extra = [];
          await this.#writeEvents(batch);
        } while (batch.length >= CATCH_UP_PAGE && !this.#sse.closed);
      } while (this.#again && !this.#sse.closed);
    })()
      .catch(() => this.end())
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  async #writeEvents(events: StoredEvent[]): Promise<void> {
    const fresh = events.filter((event) => !this.#sent.has(event.id));
    for (const event of fresh) {
      await this.#sse.writeSSE({
        id: String(event.id),
        event: event.type,
        data: JSON.stringify(event.data),
      });
      this.#sent.add(event.id);
      if (event.id > this.#last) this.#last = event.id;
      // design §13: a banned or suspended member's sessions are gone; their stream goes too.
      if (event.type === "sanction") this.end();
    }
    // Only recent ids can be overtaken: the set stays small.
    if (this.#sent.size > MAX_SENT_IDS) {
      for (const id of [...this.#sent].slice(0, MAX_SENT_IDS / 2)) this.#sent.delete(id);
    }
    if (fresh.length) await this.#options.onDelivered?.(fresh).catch(console.error);
  }
}
