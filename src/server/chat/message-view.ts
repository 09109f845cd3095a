import type { MessageView } from "../../contract/chat";
import type { Locale } from "../../i18n/locales";
import type { MediaSigner } from "../photos/media-url";
import type { Message } from "./schema";

/** What an answer's media URLs and the member cards' language are made for. */
export type Viewing = { media: MediaSigner; locale: Locale };

/** A message as `viewerUserId` sees it; `other` holds the other member's receipts. */
export function toMessageView(
  message: Pick<
    Message,
    | "id"
    | "conversationId"
    | "senderUserId"
    | "kind"
    | "body"
    | "gift"
    | "imageKey"
    | "imageBlurKey"
    | "imageOpenedAt"
    | "imageWidth"
    | "imageHeight"
    | "createdAt"
  > & {
    /** The safety rules flagged it (safety/flags.ts hasSafetyNotice): its recipient is warned. */
    flagged?: boolean;
  },
  viewerUserId: number,
  other: { deliveredUpTo: number; readUpTo: number },
  /** Mints the image's URLs for the viewer; without it (events, lists) no URL is given. */
  media?: MediaSigner,
): MessageView {
  const fromMe = message.senderUserId === viewerUserId;
  const locked = !fromMe && message.imageOpenedAt === null;
  return {
    id: message.id,
    conversation: message.conversationId,
    from_me: fromMe,
    kind: message.kind,
    text: message.body,
    gift: message.gift,
    image:
      message.kind === "image"
        ? {
            url:
              media && !locked && message.imageKey
                ? media.url(`${message.imageKey}-main.webp`)
                : null,
            blurred:
              media && locked && message.imageBlurKey
                ? media.url(`${message.imageBlurKey}.webp`)
                : null,
            locked,
            width: message.imageWidth ?? 0,
            height: message.imageHeight ?? 0,
          }
        : null,
    state: fromMe
      ? other.readUpTo >= message.id
        ? "read"
        : other.deliveredUpTo >= message.id
          ? "delivered"
          : "sent"
      : null,
    safety_notice: !fromMe && message.flagged === true,
    created_at: message.createdAt.toISOString(),
  };
}
