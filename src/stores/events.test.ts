// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { STREAM_EVENT_TYPES } from "../contract/event-options";
import { $newLikes } from "./counts";
import { startMemberEvents } from "./events";
import { $likesVersion } from "./likes";

/** An EventSource that keeps what the page listens for, and lets the test send events. */
class RecordingEventSource {
  static last: RecordingEventSource | null = null;
  readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    RecordingEventSource.last = this;
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId: "" } as MessageEvent);
  }
  close() {}
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's events stream (issue 29 item 13)", () => {
  it("listens for every event the server can send, from the contract's one list", () => {
    vi.stubGlobal("EventSource", RecordingEventSource);
    const stop = startMemberEvents();
    const heard = [...(RecordingEventSource.last?.listeners.keys() ?? [])];
    for (const type of STREAM_EVENT_TYPES) expect(heard).toContain(type);

    // Another tab saw a new like: this tab's badge and its open likes lists follow.
    const before = $likesVersion.get();
    RecordingEventSource.last?.send("likes", { new_likes: 4 });
    expect($newLikes.get()).toBe(4);
    expect($likesVersion.get()).toBe(before + 1);
    stop();
  });
});
