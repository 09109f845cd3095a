import type { MemberEvent, StreamEvent } from "../contract/events";
import { $unreadMessages } from "./counts";
import { $member } from "./session";

type Handler = (event: StreamEvent) => void;

const EVENT_TYPES: StreamEvent["type"][] = [
  "message",
  "receipt",
  "chats",
  "credits",
  "like",
  "typing",
];

const handlers = new Set<Handler>();
let source: EventSource | null = null;
let users = 0;

function dispatch(event: StreamEvent): void {
  // The nav's badges and the balance follow every page's stream.
  if (event.type === "message" || event.type === "chats") {
    $unreadMessages.set(event.data.unread_total);
  } else if (event.type === "credits") {
    const member = $member.get();
    if (member) $member.set({ ...member, credits: event.data.credits });
  }
  for (const handler of [...handlers]) handler(event);
}

/**
 * design §7: the page's one events stream (GET /api/events.php), opened by the first island that
 * needs it and closed when the last one stops. The browser reconnects by itself, sending the
 * last event's id, and the server sends what was missed.
 */
export function startMemberEvents(): () => void {
  users++;
  if (!source && typeof EventSource !== "undefined") {
    const opened = new EventSource("/api/events.php");
    for (const type of EVENT_TYPES) {
      opened.addEventListener(type, (message) => {
        try {
          dispatch({
            type,
            data: JSON.parse((message as MessageEvent<string>).data),
          } as StreamEvent);
        } catch {
          // A malformed event is skipped; the periodic refresh (spec §9) repairs what it missed.
        }
      });
    }
    source = opened;
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users--;
    if (users === 0) {
      source?.close();
      source = null;
    }
  };
}

/** Calls `handler` with every event of the page's stream until the returned function is called. */
export function onMemberEvent(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export type { MemberEvent };
