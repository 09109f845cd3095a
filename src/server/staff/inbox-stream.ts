import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { InboxEvent } from "../../contract/staff-inbox";
import { locales } from "../../i18n/locales";
import { INBOX_CHANNEL } from "../chat/operated-notice";
import { type Database, getConnection } from "../db/client";
import type { AppEnv } from "../request/context";
import { sites } from "../sites/registry";
import { staffActor } from "./context";
import { toInboxItem } from "./inbox";
import { type QueueRow, waitingQueue } from "./inbox-queue";
import { type AgentScope, agentScope } from "./inbox-scope";

/*
 * issue 28: the open inbox hears that a conversation changed (chat's notifyInbox: a member
 * wrote to an operated profile, an agent claimed or answered), with the conversation's place
 * in the queue, so it shows it at once without reading the queue again: the item as it waits
 * now, or null when it no longer waits. One listener a process on the bus's LISTEN/NOTIFY reads
 * that place once a notice and hands it to the open streams whose agent may see it (their
 * sites and languages); a missed notice, or a failed read, tells every open inbox to read its
 * queue again (`{}`). A place that did not change since it was last sent is not sent again: on
 * PostgreSQL each notice is heard twice (the server's listener and the pool's own, for
 * read-your-writes), and a no-op notice changes nothing on the page either.
 */

type Subscriber = { scope: AgentScope; send: (event: InboxEvent) => void };

const hubs = new WeakMap<object, Promise<Set<Subscriber>>>();

/** The conversation's place in the queue, in every site and language, or null. */
async function placeOf(db: Database, conversation: number): Promise<QueueRow | null> {
  const [row] = await waitingQueue(db, {
    sites: sites.map((site) => site.id),
    languages: [...locales],
    after: null,
    limit: 1,
    conversation,
  });
  return row ?? null;
}

function deliver(subscribers: Set<Subscriber>, conversation: number, row: QueueRow | null) {
  for (const { scope, send } of subscribers) {
    if (!row) {
      send({ conversation, item: null });
    } else if (scope.sites.includes(row.site) && scope.languages.includes(row.language)) {
      send({ conversation, item: toInboxItem(row, scope.staffId) });
    }
  }
}

async function inboxHub(): Promise<Set<Subscriber>> {
  const connection = await getConnection();
  let hub = hubs.get(connection.db);
  if (!hub) {
    const subscribers = new Set<Subscriber>();
    /** Each conversation's place as last sent (its row's JSON; "" when it left the queue). */
    const sent = new Map<number, string>();
    const reloadAll = () => {
      sent.clear();
      for (const { send } of subscribers) send({});
    };
    // Notices are handled one after another, so a conversation's events keep their order.
    let turn = Promise.resolve();
    const handle = (payload: string) => {
      turn = turn.then(async () => {
        if (subscribers.size === 0) return;
        try {
          const { conversation } = JSON.parse(payload) as { conversation?: unknown };
          if (typeof conversation !== "number") return reloadAll();
          const place = await placeOf(connection.db, conversation);
          const seen = place ? JSON.stringify(place) : "";
          if (sent.get(conversation) === seen) return;
          // Bounded: a process that runs for weeks forgets old places (a resend is harmless).
          if (sent.size >= 10_000) sent.clear();
          sent.set(conversation, seen);
          deliver(subscribers, conversation, place);
        } catch {
          reloadAll();
        }
      });
    };
    hub = connection
      .listen(INBOX_CHANNEL, { onNotify: handle, onReset: reloadAll })
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
  const scope = await agentScope(db, staffActor(c));
  const hub = await inboxHub();
  const response = streamSSE(c, async (sse) => {
    const queue: string[] = [];
    let wake: (() => void) | null = null;
    const subscriber: Subscriber = {
      scope,
      send: (event) => {
        queue.push(JSON.stringify(event));
        wake?.();
      },
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
