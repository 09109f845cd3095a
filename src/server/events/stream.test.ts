import type { SSEMessage } from "hono/streaming";
import { describe, expect, it, vi } from "vitest";
import { EventHub, type StoredEvent } from "./bus";
import { MAX_STREAMS_PER_MEMBER, MemberEventStream, type SseWriter } from "./stream";

const MEMBER = 7;

/** A stand-in for hono's SSEStreamingApi that keeps what was written. */
function recordingWriter(): SseWriter & { messages: SSEMessage[]; abort: () => void } {
  let onAbort = () => {};
  return {
    messages: [],
    closed: false,
    async writeSSE(message) {
      this.messages.push(message);
    },
    async write() {},
    onAbort(listener) {
      onAbort = listener;
    },
    abort: () => onAbort(),
  };
}

/** A member's stored events, and the reads a stream makes of them. */
function eventStore(events: StoredEvent[] = []) {
  const reads: { afterId: number; alsoIds: number[] }[] = [];
  return {
    events,
    reads,
    since: async (afterId: number, alsoIds: number[]) => {
      reads.push({ afterId, alsoIds });
      return events.filter((event) => event.id > afterId || alsoIds.includes(event.id));
    },
    latestId: async () => Math.max(0, ...events.map((event) => event.id)),
  };
}

function creditsEvent(id: number): StoredEvent {
  return { id, type: "credits", data: { credits: id } } as StoredEvent;
}

/** The ids of the stored events written, in order. */
function writtenIds(writer: { messages: SSEMessage[] }): number[] {
  return writer.messages.filter((message) => message.id).map((message) => Number(message.id));
}

/** Opens a stream and waits for its `ready`. */
async function openStream(
  hub: EventHub,
  store: ReturnType<typeof eventStore>,
  options: { userId?: number; resumeFrom?: number } = {},
) {
  const writer = recordingWriter();
  const stream = new MemberEventStream(writer, {
    userId: options.userId ?? MEMBER,
    hub,
    events: store,
    resumeFrom: options.resumeFrom,
  });
  let ended = false;
  const running = stream.run().then(() => {
    ended = true;
  });
  await vi.waitFor(() => expect(writer.messages[0]?.event).toBe("ready"));
  return { writer, stream, running, isEnded: () => ended };
}

/** A notification as the database sends it: the event's id, and the event when it is small. */
function notify(hub: EventHub, event: StoredEvent, inline: boolean): void {
  hub.deliver(
    JSON.stringify({
      u: MEMBER,
      id: event.id,
      ...(inline ? { t: event.type, d: event.data } : {}),
    }),
  );
}

describe("a member's event stream (design §7)", () => {
  it("writes an event that came with its notification without reading the store", async () => {
    const hub = new EventHub();
    const store = eventStore([creditsEvent(1)]);
    const { writer, stream, running } = await openStream(hub, store);
    expect(writer.messages[0]?.data).toBe(JSON.stringify({ resumed: false, last_event_id: 1 }));
    store.events.push(creditsEvent(2));
    notify(hub, creditsEvent(2), true);
    await vi.waitFor(() => expect(writtenIds(writer)).toEqual([2]));
    expect(store.reads).toEqual([]);
    stream.end();
    await running;
  });

  it("catches up from Last-Event-ID, in id order", async () => {
    const hub = new EventHub();
    const store = eventStore([1, 2, 3, 4].map(creditsEvent));
    const { writer, stream, running } = await openStream(hub, store, { resumeFrom: 2 });
    expect(writer.messages[0]?.data).toBe(JSON.stringify({ resumed: true, last_event_id: 2 }));
    await vi.waitFor(() => expect(writtenIds(writer)).toEqual([3, 4]));
    stream.end();
    await running;
  });

  describe("when a notification names an id below the last one written (overtaken)", () => {
    it("reads that event by its id and writes it", async () => {
      // Event 10's transaction took its id first but committed after event 11's.
      const hub = new EventHub();
      const store = eventStore([creditsEvent(11)]);
      const { writer, stream, running } = await openStream(hub, store, { resumeFrom: 9 });
      await vi.waitFor(() => expect(writtenIds(writer)).toEqual([11]));
      store.events.unshift(creditsEvent(10));
      notify(hub, creditsEvent(10), false);
      await vi.waitFor(() => expect(writtenIds(writer)).toEqual([11, 10]));
      expect(store.reads.at(-1)).toEqual({ afterId: 11, alsoIds: [10] });
      expect(stream.lastEventId).toBe(11);
      stream.end();
      await running;
    });

    it("does not write an event it has already written again", async () => {
      const hub = new EventHub();
      const store = eventStore([creditsEvent(5)]);
      const { writer, stream, running } = await openStream(hub, store, { resumeFrom: 4 });
      await vi.waitFor(() => expect(writtenIds(writer)).toEqual([5]));
      const reads = store.reads.length;
      notify(hub, creditsEvent(5), false);
      await Promise.resolve();
      expect(store.reads.length).toBe(reads);
      expect(writtenIds(writer)).toEqual([5]);
      stream.end();
      await running;
    });
  });

  describe("when the hub resets (notifications may have been lost)", () => {
    it("catches up from the store", async () => {
      const hub = new EventHub();
      const store = eventStore([creditsEvent(1)]);
      const { writer, stream, running } = await openStream(hub, store);
      // Event 2 committed while the listening connection was down: no notification came.
      store.events.push(creditsEvent(2));
      hub.reset();
      await vi.waitFor(() => expect(writtenIds(writer)).toEqual([2]));
      expect(store.reads).toEqual([{ afterId: 1, alsoIds: [] }]);
      stream.end();
      await running;
    });
  });

  describe("when a member opens more streams in one process than the cap", () => {
    it(`keeps ${MAX_STREAMS_PER_MEMBER} open and ends the oldest for each one beyond`, async () => {
      const hub = new EventHub();
      const store = eventStore();
      const someoneElse = await openStream(hub, store, { userId: MEMBER + 1 });
      const streams = [];
      for (let index = 0; index < MAX_STREAMS_PER_MEMBER; index++) {
        streams.push(await openStream(hub, store));
      }
      expect(streams.map((stream) => stream.isEnded())).toEqual(
        Array(MAX_STREAMS_PER_MEMBER).fill(false),
      );
      expect(hub.subscribersOf(MEMBER)).toHaveLength(MAX_STREAMS_PER_MEMBER);

      const ninth = await openStream(hub, store);
      await streams[0]?.running;
      expect(streams.map((stream) => stream.isEnded())).toEqual([
        true,
        ...Array(MAX_STREAMS_PER_MEMBER - 1).fill(false),
      ]);
      expect(hub.subscribersOf(MEMBER)).toHaveLength(MAX_STREAMS_PER_MEMBER);
      expect(someoneElse.isEnded()).toBe(false);

      for (const open of [...streams, ninth, someoneElse]) open.stream.end();
      await Promise.all([...streams, ninth, someoneElse].map((open) => open.running));
      expect(hub.size).toBe(0);
    });
  });

  it("ends when the browser goes away, and unsubscribes", async () => {
    const hub = new EventHub();
    const { writer, running } = await openStream(hub, eventStore());
    expect(hub.size).toBe(1);
    writer.abort();
    await running;
    expect(hub.size).toBe(0);
  });
});
