import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { INBOX_CHANNEL } from "../chat/operated-notice";
import { type Database, getConnection } from "../db/client";
import type { AppEnv } from "../request/context";
import { staffActor } from "./context";
import { agentScope } from "./inbox-scope";

/*
 * issue 28: the open inbox hears that a conversation changed (chat's notifyInbox: a member
 * wrote to an operated profile, an agent claimed or answered) and reloads its queue. One
 * listener a process on the bus's LISTEN/NOTIFY, handing each notice to the open streams.
 */

type Subscriber = (data: string) => void;

const hubs = new WeakMap<object, Promise<Set<Subscriber>>>();

async function inboxHub(): Promise<Set<Subscriber>> {
  const connection = await getConnection();
  let hub = hubs.get(connection.db);
  if (!hub) {
    const subscribers = new Set<Subscriber>();
    const deliver = (data: string) => {
      for (const subscriber of subscribers) subscriber(data);
    };
    hub = connection
      .listen(INBOX_CHANNEL, {
        onNotify: (payload) => deliver(payload),
        // Missed notices: every open inbox reloads.
        onReset: () => deliver("{}"),
      })
      .then(() => subscribers);
    hubs.set(connection.db, hub);
  }
  return hub;
}

const PING_MS = 25_000;
const STREAM_MS = 10 * 60_000;

/** GET /api/staff/inbox/events: `inbox` events until the page leaves (10 minutes at most). */
export async function startInboxStream(c: Context<AppEnv>): Promise<Response> {
  const db: Database = c.get("db");
  await agentScope(db, staffActor(c));
  const hub = await inboxHub();
  const response = streamSSE(c, async (sse) => {
    const queue: string[] = [];
    let wake: (() => void) | null = null;
    const subscriber: Subscriber = (data) => {
      queue.push(data);
      wake?.();
    };
    hub.add(subscriber);
    let closed = false;
    sse.onAbort(() => {
      closed = true;
      wake?.();
    });
    const ends = Date.now() + STREAM_MS;
    try {
      await sse.writeSSE({ event: "ready", data: "{}" });
      while (!closed && Date.now() < ends) {
        const data = queue.shift();
        if (data !== undefined) {
          await sse.writeSSE({ event: "inbox", data });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, PING_MS);
        });
        wake = null;
        if (queue.length === 0 && !closed) await sse.write(": ping\n\n");
      }
    } finally {
      hub.delete(subscriber);
    }
  });
  response.headers.set("cache-control", "no-store, no-transform");
  response.headers.set("x-accel-buffering", "no");
  return response;
}
