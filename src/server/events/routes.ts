import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { okAnswer } from "../../contract/common";
import type { Database } from "../db/client";
import { ERRORS, errorResponses, jsonBody, jsonContent, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { createRouter, requireMember } from "../lib/router";
import { type EventHub, eventHub, eventsSince, latestEventId, type StoredEvent } from "./bus";
import { markOffline, markOnline, PRESENCE_RENEW_MS } from "./presence";

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

type DeliveryHook = (db: Database, userId: number, events: StoredEvent[]) => Promise<void>;
const deliveryHooks: DeliveryHook[] = [];

/**
 * Lets a feature above this one learn what reached a member's open page (chat: a message
 * delivered). Called after the write to the stream; failures are logged and dropped.
 */
export function onEventsDelivered(hook: DeliveryHook): void {
  deliveryHooks.push(hook);
}

const lastEventId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .optional()
  .openapi({ description: "The last event received (the browser sends it when reconnecting)" });

const eventsRoute = createRoute({
  method: "get",
  path: "/events.php",
  summary:
    "design §7: the logged-in member's events as Server-Sent Events: message, receipt, chats, typing, credits, like. Each stored event has an id; reconnecting with Last-Event-ID resumes after it",
  request: {
    headers: z.object({ "last-event-id": lastEventId }),
    query: z.object({ last_event_id: lastEventId }),
  },
  responses: {
    200: {
      description: "An endless text/event-stream; `: ping` comments every 25 s",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses([ERRORS.loggedOut, ERRORS.invalid]),
  },
});

const pageHiddenRoute = createRoute({
  method: "post",
  path: "/page-hidden.php",
  summary:
    "spec §7: a beacon (empty JSON body) from a page the member hid or left: it stops counting as a visible page, so what comes next reaches them by push and e-mail",
  request: {
    body: jsonBody(z.object({}).strict()),
  },
  responses: {
    200: jsonContent(okAnswer, "Noted"),
    ...errorResponses(MEMBER_WRITE_ERRORS),
  },
});

let renewing: ReturnType<typeof setInterval> | undefined;

/**
 * Renews, every PRESENCE_RENEW_MS, the presence of the members this process holds streams for,
 * in one statement; started by the first stream.
 */
function renewPresence(db: Database, hub: EventHub): void {
  renewing ??= setInterval(() => {
    void markOnline(db, hub.members()).catch((error: unknown) =>
      console.error("presence renewal failed:", error),
    );
  }, PRESENCE_RENEW_MS);
  renewing.unref();
}

export const eventRoutes = createRouter()
  .openapi(pageHiddenRoute, async (c) => {
    const { user } = requireMember(c);
    await markOffline(c.get("db"), user.id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(eventsRoute, async (c) => {
    const { user } = requireMember(c);
    const db = c.get("db");
    const hub = await eventHub();
    const resumeFrom = c.req.valid("header")["last-event-id"] ?? c.req.valid("query").last_event_id;

    const response = streamSSE(c, async (stream) => {
      let last = resumeFrom ?? 0;
      /** Ids a notification named at or below `last`: their transaction took the id earlier and committed later. */
      const overtaken: number[] = [];
      const sent = new Set<number>();
      let running: Promise<void> | null = null;
      let again = false;
      let ready = false;
      /** A notification came before the starting point was read: catch up once ready. */
      let early = false;

      const writeEvents = async (events: StoredEvent[]) => {
        const fresh = events.filter((event) => !sent.has(event.id));
        for (const event of fresh) {
          await stream.writeSSE({
            id: String(event.id),
            event: event.type,
            data: JSON.stringify(event.data),
          });
          sent.add(event.id);
          if (event.id > last) last = event.id;
        }
        // Only recent ids can be overtaken: the set stays small.
        if (sent.size > 512) for (const id of [...sent].slice(0, 256)) sent.delete(id);
        if (fresh.length) {
          for (const hook of deliveryHooks) await hook(db, user.id, fresh).catch(console.error);
        }
      };
      const catchUp = (): Promise<void> => {
        if (running) {
          again = true;
          return running;
        }
        running = (async () => {
          do {
            again = false;
            let extra = overtaken.splice(0);
            let batch: StoredEvent[];
            do {
              batch = await eventsSince(db, user.id, last, extra);
              extra = [];
              await writeEvents(batch);
            } while (batch.length >= 200 && !stream.closed);
          } while (again && !stream.closed);
        })()
          .catch(() => finish())
          .finally(() => {
            running = null;
          });
        return running;
      };

      let finish = () => {};
      const ended = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // The oldest streams of this member in this process make room.
      const others = hub.subscribersOf(user.id);
      for (const other of others.slice(0, others.length - MAX_STREAMS_PER_MEMBER + 1)) {
        other({ end: true });
      }
      // Subscribed before the starting point is read: nothing committed after it is missed.
      const unsubscribe = hub.subscribe(user.id, (wake) => {
        if (stream.closed) return;
        if ("end" in wake) return finish();
        if ("event" in wake) {
          void stream
            .writeSSE({ event: wake.event.type, data: JSON.stringify(wake.event.data) })
            .catch(finish);
          return;
        }
        if (!ready) {
          early = true;
          return;
        }
        if ("reset" in wake) {
          void catchUp();
          return;
        }
        if (sent.has(wake.id)) return;
        // The event came with its notification: written at once, in commit order, unless a
        // catch-up from the database is under way (then it is read in its turn).
        const stored = wake.stored;
        if (stored && !running) {
          running = writeEvents([stored])
            .catch(() => finish())
            .finally(() => {
              running = null;
              if (again) void catchUp();
            });
          return;
        }
        if (wake.id <= last) overtaken.push(wake.id);
        void catchUp();
      });
      const heartbeat = setInterval(
        () => void stream.write(": ping\n\n").catch(finish),
        HEARTBEAT_MS,
      );
      const lifetime = setTimeout(finish, STREAM_MAX_MS);
      stream.onAbort(finish);
      try {
        if (resumeFrom === undefined) last = await latestEventId(db, user.id);
        // `resumed` false: the page reloads what it shows, as it was rendered before this point.
        // `last_event_id`: where the stream starts, for a page that closes it and resumes later.
        await stream.writeSSE({
          event: "ready",
          data: JSON.stringify({ resumed: resumeFrom !== undefined, last_event_id: last }),
          retry: RETRY_MS,
        });
        ready = true;
        // The page is open and visible (a hidden page closes its stream): the member is here.
        renewPresence(db, hub);
        void markOnline(db, [user.id]).catch(console.error);
        // A new stream starts after the latest event; it reads the database only to catch up
        // (a reconnect) or for what was notified while it started.
        if (resumeFrom !== undefined || early) await catchUp();
        await ended;
      } finally {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        if (hub.subscribersOf(user.id).length === 0) {
          void markOffline(db, user.id).catch(console.error);
        }
      }
    });
    // Compression at the front would hold events back; no-transform keeps it (and proxies) off.
    response.headers.set("cache-control", "no-store, no-transform");
    response.headers.set("x-accel-buffering", "no");
    return response;
  });
