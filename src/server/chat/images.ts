import { and, eq, sql } from "drizzle-orm";
import type { MessageView, SentAnswer } from "../../contract/chat";
import { notBlockedWithAccount } from "../blocks/service";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import type { Storage } from "../lib/storage";
import { notePremiumUse } from "../payments/premium-use";
import type { MediaSigner } from "../photos/media-url";
import { withStoredPhoto } from "../photos/service";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { toMessageView } from "./message-view";
import { postMessage } from "./messages";
import { conversationMembers, messages } from "./schema";
import { assertCanWrite } from "./sides";

/**
 * An image message (spec §2): the photo pipeline's checks and renditions (re-encoded, metadata
 * removed), for the site's `photo_credits`. The recipient sees it blurred until they open it.
 */
export async function sendImageMessage(
  db: Database,
  storage: Storage,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  conversationId: number,
  bytes: Uint8Array,
  media: MediaSigner,
): Promise<SentAnswer> {
  // Who may write here is checked before the image work.
  await assertCanWrite(db, me, conversationId);
  // The sender's framing is kept (a landscape photo stays landscape), within main's bounds.
  return withStoredPhoto(storage, bytes, "whole", async (stored) => {
    const sent = await postMessage(
      db,
      site,
      me,
      conversationId,
      {
        kind: "image",
        imageKey: stored.storageKey,
        imageBlurKey: stored.blurKey,
        imageWidth: stored.width,
        imageHeight: stored.height,
      },
      { costs: { credits: site.photoCredits, reason: "photo_message" } },
    );
    const image = sent.message.image && {
      ...sent.message.image,
      url: media.url(`${stored.storageKey}-main.webp`),
    };
    return { ...sent, message: { ...sent.message, image } };
  });
}

/**
 * Opens an image message for its recipient (spec §1: a free member sees others' photos locked;
 * premium opens them). 404 for a message that is not an image sent to the member.
 */
export async function openImage(
  db: Database,
  me: MemberViewer,
  messageId: number,
  media: MediaSigner,
): Promise<MessageView> {
  const [row] = await db
    .select({ message: messages, side: conversationMembers })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, me.userId),
      ),
    )
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.kind, "image"),
        notBlockedWithAccount(me.userId, conversationMembers.otherUserId),
      ),
    )
    .limit(1);
  if (!row || row.message.senderUserId === me.userId || row.message.id <= row.side.clearedUpTo) {
    throw notFound("chat.error.notFound");
  }
  if (!me.isPremium) throw new ApiError(403, "premium_required", "chat.error.imagePremium");
  const [opened] = await db
    .update(messages)
    .set({ imageOpenedAt: sql`coalesce(${messages.imageOpenedAt}, now())` })
    .where(eq(messages.id, messageId))
    .returning();
  if (!opened) throw notFound("chat.error.notFound");
  // A locked photo opened with premium: the purchase premium rests on is used (return policy).
  if (row.message.imageOpenedAt === null) await notePremiumUse(db, me.userId);
  return toMessageView(opened, me.userId, { deliveredUpTo: 0, readUpTo: 0 }, media);
}
