import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { okAnswer } from "../../contract/common";
import type { Database } from "../db/client";
import { ERRORS, errorResponses, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { createRouter, requireMember } from "../lib/router";
import { eventHub, eventsSince, latestEventId, type StoredEvent } from "./bus";
import { createPresenceRenewal, markOffline, markOnline, type PresenceRenewal } from "./presence";
import { MemberEventStream } from "./stream";

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

const pageHiddenRoute = jsonRoute({
  method: "post",
  path: "/page-hidden.php",
  summary:
    "spec §7: a beacon (empty JSON body) from a page the member hid or left: it stops counting as a visible page, so what comes next reaches them by push and e-mail",
  body: z.object({}).strict(),
  answer: [okAnswer, "Noted"],
  errors: MEMBER_WRITE_ERRORS,
});

/** The process's presence renewal, made by its first stream (one hub and database a process). */
let presenceRenewal: PresenceRenewal | undefined;

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

    const response = streamSSE(c, (sse) =>
      new MemberEventStream(sse, {
        userId: user.id,
        hub,
        resumeFrom,
        events: {
          since: (afterId, alsoIds) => eventsSince(db, user.id, afterId, alsoIds),
          latestId: () => latestEventId(db, user.id),
        },
        onReady: () => {
          // The page is open and visible (a hidden page closes its stream): the member is here.
          presenceRenewal ??= createPresenceRenewal(
            (userIds) => markOnline(db, userIds),
            () => hub.members(),
          );
          presenceRenewal.keep();
          void markOnline(db, [user.id]).catch(console.error);
        },
        onDelivered: async (events) => {
          for (const hook of deliveryHooks) await hook(db, user.id, events).catch(console.error);
        },
        onClosed: (wasLast) => {
          if (wasLast) void markOffline(db, user.id).catch(console.error);
        },
      }).run(),
    );
    // Compression at the front would hold events back; no-transform keeps it (and proxies) off.
    response.headers.set("cache-control", "no-store, no-transform");
    response.headers.set("x-accel-buffering", "no");
    return response;
  });
