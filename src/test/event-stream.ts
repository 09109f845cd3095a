import type { App } from "../server/app";

/** One server-sent event as a test reads it: its type, id and parsed data. */
export type SseEvent = { event: string; id?: string; data: unknown };

/**
 * A member's events stream (GET /api/events.php), open, read event by event; comments
 * (keep-alives) are skipped. `response` is the stream's answer, for its status and headers.
 * @example const stream = await openEventStream(app, member.cookie); await stream.until("message")
 */
export async function openEventStream(
  app: App,
  cookie: string,
  lastEventId?: string,
  /** Another stream of the same engine: the staff inbox's (issue 28). */
  path = "/api/events.php",
) {
  const response = await app.request(path, {
    headers: { cookie, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the events stream answered ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const next = async (): Promise<SseEvent> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(":")) continue;
        const fields = Object.fromEntries(
          block
            .split("\n")
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
        );
        return {
          event: fields.event ?? "message",
          id: fields.id,
          data: JSON.parse(fields.data ?? "null"),
        };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** The next event of a type, skipping others. */
  const until = async (type: string): Promise<SseEvent> => {
    for (;;) {
      const event = await next();
      if (event.event === type) return event;
    }
  };
  return { response, next, until, close: () => reader.cancel() };
}

/** An open events stream, as openEventStream gives it. */
export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
