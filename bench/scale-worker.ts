/**
 * Issue 30 item 4, one process of bench/scale.ts's bus lines on PostgreSQL (an app process's
 * part, alone): SCALE_ROLE=publisher publishes events through the bus's own statement, each in
 * a transaction of its own as a request's write is, for SCALE_SECONDS; SCALE_ROLE=listener
 * hears them as an app process does (its listening connection into an event hub) and counts
 * them. Both report to the parent over IPC; every connection is the DATABASE_URL's.
 */
import { sql } from "drizzle-orm";
import type { MessageView } from "../src/contract/chat";
import type { MemberEvent } from "../src/contract/events";
import { closeDb, getDb } from "../src/server/db/client";
import { listenOnServer } from "../src/server/db/listen";
import {
  EventHub,
  MEMBER_EVENT_CHANNEL,
  publishEvent,
  storeEventsStatement,
} from "../src/server/events/bus";

export type PublisherReport = {
  published: number;
  seconds: number;
  /** Each publishing transaction's time, begin to commit returned (ms), sorted. */
  latencies: number[];
};
export type ListenerReport = { delivered: number };

/** A member's message event as messages.ts publishes it: the usual size of a notification. */
function messageEvent(n: number): MemberEvent {
  const message: MessageView = {
    id: n,
    conversation: 1 + (n % 1000),
    from_me: false,
    kind: "text",
    text: `Bench message ${n}, about as long as what people write to each other.`,
    gift: null,
    image: null,
    state: null,
    safety_notice: false,
    created_at: new Date().toISOString(),
  };
  return { type: "message", data: { message, unread_total: 3 } };
}

async function publish(): Promise<PublisherReport> {
  const seconds = Number(process.env.SCALE_SECONDS ?? "5");
  const concurrency = Number(process.env.SCALE_CONCURRENCY ?? "4");
  const notify = process.env.SCALE_NOTIFY !== "0";
  const users = (process.env.SCALE_USERS ?? "").split(",").map(Number);
  if (users.length === 0 || users.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw new Error("SCALE_USERS names no members");
  }
  const db = await getDb();
  // Warm: the pool's connections open, the statement is planned.
  for (let n = 0; n < concurrency * 4; n++) {
    await db.transaction((tx) => publishEvent(tx, users[n % users.length] ?? 0, messageEvent(n)));
  }
  // The parent starts every publisher at once, after they all are warm.
  process.send?.({ ready: true });
  await new Promise<void>((go) => process.once("message", () => go()));
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const userId = users[n % users.length] ?? 0;
      const event = messageEvent(n++);
      const began = performance.now();
      await db.transaction(async (tx) => {
        if (notify) await publishEvent(tx, userId, event);
        else {
          // The same row without its notification: what the commit costs without NOTIFY's lock.
          await tx.execute(sql`
            with stored as (${storeEventsStatement(
              sql`values (${userId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`,
            )})
            select 1 from stored`);
        }
      });
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await closeDb();
  return {
    published: latencies.length,
    seconds: elapsed,
    latencies: latencies.sort((a, b) => a - b),
  };
}

async function listen(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "";
  const hub = new EventHub();
  let delivered = 0;
  // What every app process does with a notification (bus.ts eventHub): the hub parses it and
  // tells its watchers (the caches) which member's events changed.
  hub.watch((userId) => {
    if (userId !== null) delivered++;
  });
  const listener = await listenOnServer(url, MEMBER_EVENT_CHANNEL, {
    onNotify: (payload) => hub.deliver(payload),
    onReset: () => {},
  });
  hub.attach(listener);
  process.send?.({ ready: true });
  process.on("message", async (message: string) => {
    if (message === "count") process.send?.({ delivered } satisfies ListenerReport);
    if (message === "stop") {
      await listener.close();
      process.exit(0);
    }
  });
}

if (process.env.SCALE_ROLE === "publisher") {
  const report = await publish();
  process.send?.(report, () => process.disconnect());
} else if (process.env.SCALE_ROLE === "listener") await listen();
else throw new Error("SCALE_ROLE is publisher or listener");
