import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessageView } from "../../contract/chat";
import { chatCalls, premium } from "../../test/chat";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { memberEvents } from "../events/schema";
import { getReadyDb } from "../startup";
import { messageFlags } from "./flags-schema";
import { messages } from "./schema";

const app = createApp();
const { call, open, send, chats } = chatCalls(app);

async function flagsOf(messageId: number) {
  return (await getReadyDb())
    .select()
    .from(messageFlags)
    .where(eq(messageFlags.messageId, messageId));
}

async function conversationOf(member: { cookie: string }, conversation: number) {
  const answer = await call("GET", `/api/messages.php?conversation=${conversation}`, member.cookie);
  expect(answer.status).toBe(200);
  return (await answer.json()).messages as MessageView[];
}

/** The last live `message` event stored for a member. */
async function lastMessageEvent(userId: number) {
  const [row] = await (await getReadyDb())
    .select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, userId), eq(memberEvents.type, "message")))
    .orderBy(desc(memberEvents.id))
    .limit(1);
  return (row?.data as { message: MessageView } | undefined)?.message;
}

describe("message safety on send (issue 27 item 6)", () => {
  it("delivers a message that trips rules, flags it once with the rules, warns only the recipient", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    const text = "Add me on WhatsApp and send 200 euros with a Steam gift card";
    const answer = await send(alice, conversation, text);
    expect(answer.status).toBe(200);
    const sent = (await answer.json()).message as MessageView;
    expect(sent).toMatchObject({ text, from_me: true, safety_notice: false });

    const flags = await flagsOf(sent.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ status: "open", resolvedBy: null, resolvedAt: null });
    expect(flags[0]?.ruleIds).toEqual(expect.arrayContaining(["gift_card", "messenger"]));

    // The recipient: in the conversation, in the list and live, with the notice.
    const bobsView = await conversationOf(bob, conversation);
    expect(bobsView).toMatchObject([{ id: sent.id, text, safety_notice: true }]);
    expect((await chats(bob)).chats[0].last_message).toMatchObject({ safety_notice: true });
    expect(await lastMessageEvent(bob.user.id)).toMatchObject({ id: sent.id, safety_notice: true });
    // The sender never.
    expect(await conversationOf(alice, conversation)).toMatchObject([{ safety_notice: false }]);
    expect((await chats(alice)).chats[0].last_message).toMatchObject({ safety_notice: false });
    expect(await lastMessageEvent(alice.user.id)).toMatchObject({ safety_notice: false });
  });

  it("leaves a clean message unflagged, without a notice", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    const answer = await send(alice, conversation, "Hi Bob, how was your hike on Sunday?");
    expect(answer.status).toBe(200);
    const sent = (await answer.json()).message as MessageView;
    expect(await flagsOf(sent.id)).toEqual([]);
    expect(await conversationOf(bob, conversation)).toMatchObject([{ safety_notice: false }]);
  });

  it("drops the notice once a moderator finds the flag a false positive", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app),
    ];
    const conversation = await open(alice, bob);
    await send(alice, conversation, "My cat is called Telegram");
    const [message] = await (await getReadyDb())
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    if (!message) throw new Error("not sent");
    expect(await flagsOf(message.id)).toHaveLength(1);
    await (await getReadyDb())
      .update(messageFlags)
      .set({ status: "false_positive", resolvedAt: new Date() })
      .where(eq(messageFlags.messageId, message.id));
    expect(await conversationOf(bob, conversation)).toMatchObject([{ safety_notice: false }]);
  });
});
