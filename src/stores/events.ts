import { STREAM_EVENT_TYPES } from "../contract/event-options";
import type { MemberEvent, StreamEvent } from "../contract/events";
import { refreshChats } from "./chats";
import { $newLikes, $unreadMessages } from "./counts";
import { likesChanged, reloadLikes } from "./likes";
import { $member, refreshMember } from "./session";

type Handler = (event: StreamEvent) => void;

const handlers = new Set<Handler>();
let source: EventSource | null = null;
let users = 0;
/** The last stored event this page got: a stream opened again resumes after it. */
let lastEventId = "";

/**
 * design §13: staff banned or suspended the member and every session of theirs ended: the page
 * goes to the ban page in the member's language (a path of this site only).
 */
function leaveForBanPage(url: string): void {
  close();
  location.assign(/^\/[a-z]{2}\/ban$/.test(url) ? url : "/");
}

function dispatch(event: StreamEvent): void {
  if (event.type === "sanction") {
    leaveForBanPage(event.data.url);
    return;
  }
  // The nav's badges and the balance follow every page's stream.
  if (event.type === "message" || event.type === "chats") {
    $unreadMessages.set(event.data.unread_total);
  } else if (event.type === "like" || event.type === "likes") {
    $newLikes.set(event.data.new_likes);
    likesChanged();
  } else if (event.type === "match") {
    likesChanged();
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
  if (users === 1 && typeof EventSource !== "undefined") {
    if (document.visibilityState === "visible") open();
    document.addEventListener("visibilitychange", onVisibilityChange);
    addEventListener("pagehide", onPageHide);
    navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users--;
    if (users === 0) {
      close();
      document.removeEventListener("visibilitychange", onVisibilityChange);
      removeEventListener("pagehide", onPageHide);
      navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
    }
  };
}

function open(): void {
  if (source) return;
  const query = lastEventId ? `?last_event_id=${encodeURIComponent(lastEventId)}` : "";
  const opened = new EventSource(`/api/events.php${query}`);
  for (const type of STREAM_EVENT_TYPES) {
    opened.addEventListener(type, (message) => {
      const { data, lastEventId: id } = message as MessageEvent<string>;
      if (id) lastEventId = id;
      try {
        dispatch({ type, data: JSON.parse(data) } as StreamEvent);
      } catch {
        // A malformed event is skipped; the periodic refresh (spec §9) repairs what it missed.
      }
    });
  }
  // Where a new stream starts: the page resumes from there if no event comes before it hides.
  opened.addEventListener("ready", (message) => {
    try {
      const ready = JSON.parse((message as MessageEvent<string>).data) as {
        last_event_id?: unknown;
      };
      if (!lastEventId && typeof ready.last_event_id === "number") {
        lastEventId = String(ready.last_event_id);
      }
    } catch {
      // Without it the page resumes as a new stream would.
    }
  });
  source = opened;
}

function close(): void {
  source?.close();
  source = null;
}

/**
 * spec §7: a hidden page says so (POST /api/page-hidden.php, a beacon that outlives the page)
 * and closes its stream, so the server pushes to the member instead; shown again, it opens the
 * stream after the last event it got, and what came meanwhile arrives at once.
 */
function onVisibilityChange(): void {
  if (document.visibilityState === "hidden") {
    sendPageHidden();
    close();
  } else {
    open();
  }
}

function onPageHide(): void {
  sendPageHidden();
}

function sendPageHidden(): void {
  void fetch("/api/page-hidden.php", {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: "{}",
  }).catch(() => {});
}

/**
 * spec §9: a push reloads the chats, the likes and the member (the service worker tells open
 * pages).
 */
function onWorkerMessage(message: MessageEvent): void {
  if ((message.data as { type?: unknown } | null)?.type !== "push" || !$member.get()) return;
  void refreshChats().catch(() => {});
  void reloadLikes().catch(() => {});
  void refreshMember().catch(() => {});
}

/** Calls `handler` with every event of the page's stream until the returned function is called. */
export function onMemberEvent(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export type { MemberEvent };
