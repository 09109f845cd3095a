import { describe, expect, it } from "vitest";
import type { ChatEntry, ChatsAnswer, ConversationAnswer } from "../../contract/chat";
import type { StreamEvent } from "../../contract/events";
import { chatMessage, conversationWith } from "../../test/chat-screens";
import {
  applyChatEvent,
  type ChatEffect,
  type ChatState,
  chooseSendKey,
  TYPING_SHOWN_MS,
  withOlderMessages,
} from "./chat-store";

const NOW = 1_800_000_000_000;
const SHOWN = { now: NOW, pageVisible: true };

const message = chatMessage;

function entry(conversation: number, change: Partial<ChatEntry> = {}): ChatEntry {
  return {
    conversation,
    profile: null,
    num_unread_messages: 0,
    last_message: null,
    updated_at: "2026-11-26T11:00:00.000Z",
    ...change,
  };
}

/** Alice's screen: conversations 5 and 3 in the list, 3 open with two messages of hers. */
function aliceScreen(change: Partial<ChatState> = {}): ChatState {
  const open = conversationWith(3, null, [
    message(1, { from_me: true, state: "sent" }),
    message(2, { from_me: true }),
  ]);
  const chats: ChatsAnswer = {
    chats: [entry(5), entry(3, { last_message: message(2, { from_me: true, state: "sent" }) })],
    next_cursor: null,
    unread_total: 0,
  };
  return { chats, conversation: open, typingUntil: 0, ...change };
}

const ids = (state: ChatState) => state.conversation?.messages.map((shown) => shown.id);
const order = (state: ChatState) => state.chats?.chats.map((chat) => chat.conversation);
const unread = (state: ChatState, conversation: number) =>
  state.chats?.chats.find((chat) => chat.conversation === conversation)?.num_unread_messages;

type Case = {
  name: string;
  state?: ChatState;
  event: StreamEvent;
  context?: { now: number; pageVisible: boolean };
  expect: (state: ChatState, before: ChatState) => void;
  effects: ChatEffect[];
};

const cases: Case[] = [
  {
    name: "a typing signal in the open conversation shows the indicator for 5 s",
    event: { type: "typing", data: { conversation: 3 } },
    expect: (state) => expect(state.typingUntil).toBe(NOW + TYPING_SHOWN_MS),
    effects: [],
  },
  {
    name: "a typing signal in another conversation changes nothing",
    event: { type: "typing", data: { conversation: 5 } },
    expect: (state, before) => expect(state).toBe(before),
    effects: [],
  },
  {
    name: "their message in the open conversation joins the log, ends typing and is read",
    state: aliceScreen({ typingUntil: NOW + 1000 }),
    event: { type: "message", data: { message: message(4), unread_total: 0 } },
    expect: (state) => {
      expect(ids(state)).toEqual([1, 2, 4]);
      expect(state.typingUntil).toBe(0);
      expect(order(state)).toEqual([3, 5]);
      expect(unread(state, 3)).toBe(0);
      expect(state.chats?.chats[0]?.last_message?.id).toBe(4);
    },
    effects: [{ type: "mark-read", conversation: 3 }],
  },
  {
    name: "their message on a hidden page joins the log but is not read",
    event: { type: "message", data: { message: message(4), unread_total: 1 } },
    context: { now: NOW, pageVisible: false },
    expect: (state) => expect(ids(state)).toEqual([1, 2, 4]),
    effects: [],
  },
  {
    name: "a message the log already has (the send's answer came first) is not shown twice",
    event: { type: "message", data: { message: message(2, { from_me: true }), unread_total: 0 } },
    expect: (state, before) => {
      expect(state.conversation).toBe(before.conversation);
      expect(unread(state, 3)).toBe(0);
    },
    effects: [],
  },
  {
    name: "their photo in the open conversation fetches the conversation for its address",
    event: {
      type: "message",
      data: {
        message: message(4, {
          kind: "image",
          text: null,
          image: { url: null, blurred: null, locked: true, width: 800, height: 600 },
        }),
        unread_total: 0,
      },
    },
    expect: (state) => expect(ids(state)).toEqual([1, 2, 4]),
    effects: [
      { type: "reload-conversation", conversation: 3 },
      { type: "mark-read", conversation: 3 },
    ],
  },
  {
    name: "a message in another listed conversation moves it to the top, one more unread",
    event: {
      type: "message",
      data: { message: message(9, { conversation: 5 }), unread_total: 1 },
    },
    expect: (state, before) => {
      expect(state.conversation).toBe(before.conversation);
      expect(order(state)).toEqual([5, 3]);
      expect(unread(state, 5)).toBe(1);
      expect(state.chats?.chats[0]?.updated_at).toBe(message(9).created_at);
    },
    effects: [],
  },
  {
    name: "the member's own message from another tab moves its entry up, nothing unread",
    event: {
      type: "message",
      data: { message: message(9, { conversation: 5, from_me: true }), unread_total: 0 },
    },
    expect: (state) => {
      expect(order(state)).toEqual([5, 3]);
      expect(unread(state, 5)).toBe(0);
    },
    effects: [],
  },
  {
    name: "a message in a conversation the list lacks reloads the list",
    event: {
      type: "message",
      data: { message: message(9, { conversation: 8 }), unread_total: 1 },
    },
    expect: (state, before) => expect(state).toEqual(before),
    effects: [{ type: "refresh-chats" }],
  },
  {
    name: "a receipt marks the member's messages delivered and read, in the log and the list",
    event: { type: "receipt", data: { conversation: 3, delivered_up_to: 2, read_up_to: 1 } },
    expect: (state) => {
      expect(state.conversation?.messages.map((shown) => shown.state)).toEqual([
        "read",
        "delivered",
      ]);
      expect(state.chats?.chats[1]?.last_message?.state).toBe("delivered");
    },
    effects: [],
  },
  {
    name: "a receipt of another conversation leaves the open one alone",
    event: { type: "receipt", data: { conversation: 5, delivered_up_to: 9, read_up_to: 9 } },
    expect: (state, before) => expect(state.conversation).toBe(before.conversation),
    effects: [],
  },
  {
    name: "a change of the list in another tab (read, removed) reloads it",
    event: { type: "chats", data: { unread_total: 0 } },
    expect: (state, before) => expect(state).toBe(before),
    effects: [{ type: "refresh-chats" }],
  },
  ...(
    [
      { type: "credits", data: { credits: 40 } },
      { type: "like", data: { profile: 4, new_likes: 1 } },
      { type: "likes", data: { new_likes: 0 } },
      { type: "match", data: { profile: 4 } },
    ] satisfies StreamEvent[]
  ).map(
    (event): Case => ({
      name: `a ${event.type} event is for the other stores: the chat is unchanged`,
      event,
      expect: (state, before) => expect(state).toBe(before),
      effects: [],
    }),
  ),
  {
    name: "with the list on screen (no conversation open) a message only updates the list",
    state: aliceScreen({ conversation: null }),
    event: { type: "message", data: { message: message(4), unread_total: 1 } },
    expect: (state) => {
      expect(state.conversation).toBeNull();
      expect(order(state)).toEqual([3, 5]);
      expect(unread(state, 3)).toBe(1);
    },
    effects: [],
  },
];

describe("applyChatEvent: a live event on the chat screen", () => {
  it.each(cases)("$name", (test) => {
    const before = test.state ?? aliceScreen();
    const result = applyChatEvent(before, test.event, test.context ?? SHOWN);
    test.expect(result.state, before);
    expect(result.effects).toEqual(test.effects);
  });

  it("changes nothing it was given", () => {
    const before = aliceScreen();
    const copy = structuredClone(before);
    applyChatEvent(
      before,
      { type: "message", data: { message: message(4), unread_total: 1 } },
      SHOWN,
    );
    applyChatEvent(
      before,
      { type: "receipt", data: { conversation: 3, delivered_up_to: 2, read_up_to: 2 } },
      SHOWN,
    );
    expect(before).toEqual(copy);
  });
});

describe("a conversation's older messages", () => {
  it("go before the shown ones, with the next cursor", () => {
    const shown = aliceScreen().conversation as ConversationAnswer;
    const older = { ...shown, messages: [message(0)], older_cursor: "c2" };
    const merged = withOlderMessages(shown, older);
    expect(merged.messages.map((known) => known.id)).toEqual([0, 1, 2]);
    expect(merged.older_cursor).toBe("c2");
  });
});

describe("the Idempotency-Key of a send", () => {
  const newKey = () => "new";
  it("is the unanswered send's when the same text is sent again", () => {
    const draft = { text: "Hi", unanswered: { text: "Hi", key: "old" } };
    expect(chooseSendKey(draft, "Hi", newKey)).toBe("old");
  });

  it("is a new one for a changed text, or after an answered send", () => {
    expect(
      chooseSendKey({ text: "Hi!", unanswered: { text: "Hi", key: "old" } }, "Hi!", newKey),
    ).toBe("new");
    expect(chooseSendKey({ text: "Hi", unanswered: null }, "Hi", newKey)).toBe("new");
  });
});
