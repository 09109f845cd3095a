import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { createApp } from "../server/app";
import { messages } from "../server/chat/schema";
import { cannedAnswers, inboxClaims } from "../server/staff/inbox-schema";
import { getReadyDb } from "../server/startup";
import { chatCalls } from "./chat";
import { createLoggedInMember, createTestMember } from "./members";

/*
 * What the inbox's island test (islands/staff/Inbox.test.tsx) needs from the members' side:
 * a member who wrote to an operated (fictional) profile, through the chat API.
 */

/** A member named `member` writes `text` to a new operated profile named `operated`. */
export async function memberWritesToOperated(
  names: { member: string; operated: string },
  text: string,
) {
  const app = createApp();
  const { open, send } = chatCalls(app);
  const operated = await createTestMember(await getReadyDb(), {
    profile: { fictional: true, name: names.operated },
  });
  const member = await createLoggedInMember(app, {
    paidUser: true,
    credits: 50,
    language: "en",
    profile: { name: names.member },
  });
  const conversation = await open(member, { ...operated, email: "", cookie: "" });
  expect((await send(member, conversation, text)).status).toBe(200);
  return { conversation, member, operated };
}

/** A canned answer of a language, as an agent would have added it. */
export async function addCannedAnswer(language: string, title: string, body: string) {
  const db = await getReadyDb();
  await db.insert(cannedAnswers).values({ language: language as never, title, body });
}

/** The claim on a conversation runs out now. */
export async function expireClaim(conversation: number) {
  const db = await getReadyDb();
  await db
    .update(inboxClaims)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(inboxClaims.conversationId, conversation));
}

/** `count` more messages of a conversation, numbered, written straight to the table. */
export async function addMessages(conversation: number, senderUserId: number, count: number) {
  const db = await getReadyDb();
  await db.insert(messages).values(
    Array.from({ length: count }, (_, index) => ({
      conversationId: conversation,
      senderUserId,
      kind: "text" as const,
      body: `Message number ${index + 1}`,
    })),
  );
}
