import { describe, expect, it } from "vitest";
import { FREE_CONVERSATIONS } from "../../contract/chat-options";
import { chargeMessage, type MessageCase } from "./free-conversations";

const fresh = { free: false, hasWritten: false };
const written = { free: false, hasWritten: true };
const freeOne = { free: true, hasWritten: true };
const base = { isPremium: false, freeConversationsUsed: 0, messageCredits: 10 } as const;

// FREE_CONVERSATIONS is 2 (spec §6); the rows below count on it.
const cases: [
  string,
  MessageCase,
  { free: boolean; freeConversationsLeft: number; credits: number },
][] = [
  [
    "a free member's first text in a new conversation is free",
    { ...base, side: fresh, kind: "text" },
    { free: true, freeConversationsLeft: 2, credits: 0 },
  ],
  [
    "a free member's second free conversation is free",
    { ...base, side: fresh, kind: "text", freeConversationsUsed: 1 },
    { free: true, freeConversationsLeft: 1, credits: 0 },
  ],
  [
    "a free member with both used pays for a text in a new conversation",
    { ...base, side: fresh, kind: "text", freeConversationsUsed: 2 },
    { free: false, freeConversationsLeft: 0, credits: 10 },
  ],
  [
    "more free conversations than allowed (older rules) leave none, never fewer than none",
    { ...base, side: fresh, kind: "text", freeConversationsUsed: 5 },
    { free: false, freeConversationsLeft: 0, credits: 10 },
  ],
  [
    "a conversation the member already wrote in without it being free stays paid",
    { ...base, side: written, kind: "text" },
    { free: false, freeConversationsLeft: 2, credits: 10 },
  ],
  [
    "a free conversation stays free for texts once all are used",
    { ...base, side: freeOne, kind: "text", freeConversationsUsed: 2 },
    { free: true, freeConversationsLeft: 0, credits: 0 },
  ],
  [
    "a premium member starts no free conversation",
    { ...base, side: fresh, kind: "text", isPremium: true },
    { free: false, freeConversationsLeft: 0, credits: 10 },
  ],
  [
    "a free conversation stays free after the member becomes premium",
    { ...base, side: freeOne, kind: "text", isPremium: true, freeConversationsUsed: 1 },
    { free: true, freeConversationsLeft: 0, credits: 0 },
  ],
  [
    "a gift costs its price and does not make a new conversation free",
    { ...base, side: fresh, kind: "gift", price: 25 },
    { free: false, freeConversationsLeft: 2, credits: 25 },
  ],
  [
    "an image costs its price even in a free conversation, which stays free",
    { ...base, side: freeOne, kind: "image", price: 15 },
    { free: true, freeConversationsLeft: 2, credits: 15 },
  ],
  [
    "a text costs the site's message_credits",
    { ...base, side: written, kind: "text", messageCredits: 7, freeConversationsUsed: 2 },
    { free: false, freeConversationsLeft: 0, credits: 7 },
  ],
];

describe("the free-conversation rule (chargeMessage)", () => {
  it("counts on two free conversations", () => {
    expect(FREE_CONVERSATIONS).toBe(2);
  });

  it.each(cases)("%s", (_name, message, expected) => {
    expect(chargeMessage(message)).toEqual(expected);
  });
});
