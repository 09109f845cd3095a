import { createRoute, z } from "@hono/zod-openapi";
import { okAnswer } from "../../contract/common";
import {
  cannedAnswer,
  cannedBody,
  cannedListAnswer,
  cannedQuery,
  inboxAnswer,
  inboxClaimAnswer,
  inboxConversationAnswer,
  inboxConversationQuery,
  inboxFiguresAnswer,
  inboxNotesAnswer,
  inboxNotesBody,
  inboxQuery,
  inboxReplyAnswer,
  inboxReplyBody,
} from "../../contract/staff-inbox";
import { errorResponses, jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParamSchema } from "../lib/validation";
import { staffActor } from "./context";
import { agentTyping, claimConversation, inboxQueue, replyAsOperated } from "./inbox";
import { inboxFigures } from "./inbox-figures";
import { startInboxStream } from "./inbox-stream";
import {
  cannedAnswersOf,
  createCannedAnswer,
  deleteCannedAnswer,
  inboxConversation,
  inboxNotesOf,
  saveInboxNotes,
} from "./inbox-view";
import { STAFF_ERRORS, STAFF_READ_ERRORS, STAFF_WRITE_ERRORS } from "./route";

/** issue 28 item 1: the operators' inbox under /api/staff/inbox (operators: inbox.answer). */

const params = z.object({ conversation: idParamSchema });
const NOT_FOUND = {
  404: "not_found: no conversation with an operated profile in the agent's sites and languages",
} as const;

const queueRoute = jsonRoute({
  method: "get",
  path: "/staff/inbox",
  summary:
    "Conversations with operated profiles whose last message is the member's, oldest wait first, in the agent's languages and sites, 50 a page (inbox.answer)",
  query: inboxQuery,
  answer: [inboxAnswer, "A page of the queue"],
  errors: STAFF_READ_ERRORS,
});

const figuresRoute = jsonRoute({
  method: "get",
  path: "/staff/inbox/figures",
  summary:
    "Per agent and per site of the last 7 days: replies and the median first-response time; per site the conversations waiting now (inbox.answer)",
  answer: [inboxFiguresAnswer, "The figures"],
  errors: STAFF_READ_ERRORS,
});

const cannedListRoute = jsonRoute({
  method: "get",
  path: "/staff/inbox/canned",
  summary: "The canned answers of a language, by title (inbox.answer)",
  query: cannedQuery,
  answer: [cannedListAnswer, "The canned answers"],
  errors: STAFF_READ_ERRORS,
});

const cannedCreateRoute = jsonRoute({
  method: "post",
  path: "/staff/inbox/canned",
  summary: "Adds a canned answer to a language (inbox.answer; audited)",
  body: cannedBody,
  answer: [cannedAnswer, "The new canned answer"],
  status: 201,
  errors: STAFF_WRITE_ERRORS,
});

const cannedDeleteRoute = jsonRoute({
  method: "delete",
  path: "/staff/inbox/canned/{id}",
  summary: "Removes a canned answer for every agent (inbox.answer; audited, with its text)",
  params: z.object({ id: idParamSchema }),
  answer: [okAnswer, "Removed"],
  errors: [...STAFF_WRITE_ERRORS, { 404: "not_found: no such canned answer" }],
});

const claimRoute = jsonRoute({
  method: "post",
  path: "/staff/inbox/{conversation}/claim",
  summary:
    "Claims a conversation for 5 minutes (renewed by the agent's replies, or by claiming again); an expired claim may be taken by another agent (inbox.answer; audited)",
  params,
  answer: [inboxClaimAnswer, "The claim"],
  errors: [
    ...STAFF_WRITE_ERRORS,
    NOT_FOUND,
    { 409: "inbox_claimed: another agent holds the conversation" },
  ],
});

const replyRoute = jsonRoute({
  method: "post",
  path: "/staff/inbox/{conversation}/reply",
  summary:
    "Writes the answer as the operated profile (the member is charged nothing; the agent is recorded, never shown to the member); needs the caller's live claim, which it renews. Idempotency-Key honoured (inbox.answer; audited)",
  params,
  body: inboxReplyBody,
  answer: [inboxReplyAnswer, "The message as agents see it, and the renewed claim"],
  errors: [
    ...STAFF_WRITE_ERRORS,
    NOT_FOUND,
    { 409: "inbox_not_claimed: the caller holds no claim; inbox_claim_expired: it ran out" },
    { 409: "member_deleted: the member has left" },
  ],
});

const typingRoute = jsonRoute({
  method: "post",
  path: "/staff/inbox/{conversation}/typing",
  summary:
    "The agent holding the claim is typing: the member's open page shows the profile typing (inbox.answer)",
  params,
  answer: [okAnswer, "Signalled"],
  errors: [
    ...STAFF_WRITE_ERRORS,
    NOT_FOUND,
    { 409: "inbox_not_claimed: the caller holds no claim; inbox_claim_expired: it ran out" },
  ],
});

const conversationRoute = jsonRoute({
  method: "get",
  path: "/staff/inbox/{conversation}",
  summary:
    "The conversation (newest 100 messages, older by cursor), the member's and the operated profile's profiles, and the claim (inbox.answer; audited)",
  params,
  query: inboxConversationQuery,
  answer: [inboxConversationAnswer, "The conversation as the agent works it"],
  errors: [...STAFF_READ_ERRORS, NOT_FOUND],
});

const notesRoute = jsonRoute({
  method: "get",
  path: "/staff/inbox/{conversation}/notes",
  summary: "Agents' private notes on this member and this operated profile (inbox.answer)",
  params,
  answer: [inboxNotesAnswer, "The notes ('' when none)"],
  errors: [...STAFF_READ_ERRORS, NOT_FOUND],
});

const saveNotesRoute = jsonRoute({
  method: "put",
  path: "/staff/inbox/{conversation}/notes",
  summary: "Replaces the pair's private notes (inbox.answer; audited)",
  params,
  body: inboxNotesBody,
  answer: [inboxNotesAnswer, "The notes as saved"],
  errors: [...STAFF_WRITE_ERRORS, NOT_FOUND],
});

const streamRoute = createRoute({
  method: "get",
  path: "/staff/inbox/events",
  summary:
    "Server-Sent Events: `inbox` with the conversation's id whenever one with an operated profile changes (a member wrote, an agent claimed or answered); the open inbox reloads (inbox.answer)",
  responses: {
    200: {
      description: "A text/event-stream for up to 10 minutes; `: ping` comments every 25 s",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses([STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden]),
  },
});

/** The services check the permission and the agent's scope (inbox-scope.ts). */
export const staffInboxRoutes = createRouter()
  .openapi(queueRoute, async (c) =>
    c.json(await inboxQueue(c.get("db"), staffActor(c), c.req.valid("query")), 200),
  )
  .openapi(figuresRoute, async (c) => c.json(await inboxFigures(c.get("db"), staffActor(c)), 200))
  .openapi(streamRoute, (c) => startInboxStream(c))
  .openapi(cannedListRoute, async (c) =>
    c.json(await cannedAnswersOf(c.get("db"), staffActor(c), c.req.valid("query").language), 200),
  )
  .openapi(cannedCreateRoute, async (c) =>
    c.json(await createCannedAnswer(c.get("db"), staffActor(c), c.req.valid("json")), 201),
  )
  .openapi(cannedDeleteRoute, async (c) => {
    await deleteCannedAnswer(c.get("db"), staffActor(c), c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(claimRoute, async (c) =>
    c.json(
      await claimConversation(c.get("db"), staffActor(c), c.req.valid("param").conversation),
      200,
    ),
  )
  .openapi(replyRoute, async (c) =>
    c.json(
      await replyAsOperated(
        c.get("db"),
        staffActor(c),
        c.req.valid("param").conversation,
        c.req.valid("json").text,
      ),
      200,
    ),
  )
  .openapi(typingRoute, async (c) => {
    await agentTyping(c.get("db"), staffActor(c), c.req.valid("param").conversation);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(conversationRoute, async (c) =>
    c.json(
      await inboxConversation(
        c.get("db"),
        staffActor(c),
        c.req.valid("param").conversation,
        c.req.valid("query").cursor,
      ),
      200,
    ),
  )
  .openapi(notesRoute, async (c) =>
    c.json(await inboxNotesOf(c.get("db"), staffActor(c), c.req.valid("param").conversation), 200),
  )
  .openapi(saveNotesRoute, async (c) =>
    c.json(
      await saveInboxNotes(
        c.get("db"),
        staffActor(c),
        c.req.valid("param").conversation,
        c.req.valid("json").body,
      ),
      200,
    ),
  );
