import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { MessageView } from "../contract/chat";
import { type App, createApp } from "../server/app";
import { messageFlags } from "../server/chat/flags-schema";
import { getStorage } from "../server/lib/storage";
import { photos } from "../server/photos/schema";
import { uploadPhoto } from "../server/photos/service";
import { getReadyDb } from "../server/startup";
import { chatCalls, premium } from "./chat";
import { makeUniquePhoto } from "./images";
import { createLoggedInMember, createTestMember, uniqueEmail } from "./members";

/*
 * What the console's queue tests (islands/staff/PhotoReview.test.tsx, SafetyQueue.test.tsx)
 * need from the members' side, made through the same services: an island's test may not
 * import the server itself.
 */

/**
 * A member named `name` uploads a photo (`bytes`, or a picture no other test has) through the
 * upload service: it waits in the review queue (and is flagged when its image is on another
 * account). Answers the member and the photo's row.
 */
export async function uploadQueuedPhoto(name: string, bytes?: Buffer) {
  const db = await getReadyDb();
  const member = await createTestMember(db, { email: uniqueEmail(), profile: { name } });
  const photo = await uploadPhoto(
    db,
    getStorage(),
    { profileId: member.profile.id, isPremium: false },
    bytes ?? (await makeUniquePhoto()),
  );
  return { member, photo };
}

/** A photo's row as the database has it now. */
export async function photoRowOf(id: number) {
  const [row] = await (await getReadyDb()).select().from(photos).where(eq(photos.id, id));
  return row;
}

let membersApp: App | null = null;

/**
 * Two members, and a message from the first that the safety rules flag (a messenger and a
 * phone number by default), sent through the chat API; the members and the flag's row.
 */
export async function sendFlaggedMessage(
  text: string | undefined = undefined,
  names = { sender: "Sender", recipient: "Recipient" },
) {
  text ??= "Add me on WhatsApp, my number is +49 151 23456789";
  membersApp ??= createApp();
  const app = membersApp;
  const { open, send } = chatCalls(app);
  const sender = await createLoggedInMember(app, { ...premium, profile: { name: names.sender } });
  const recipient = await createLoggedInMember(app, { profile: { name: names.recipient } });
  const conversation = await open(sender, recipient);
  const answer = await send(sender, conversation, text);
  expect(answer.status).toBe(200);
  const message = (await answer.json()).message as MessageView;
  const [flag] = await (await getReadyDb())
    .select()
    .from(messageFlags)
    .where(eq(messageFlags.messageId, message.id));
  if (!flag) throw new Error("the message was not flagged");
  return { sender, recipient, message, flag };
}
