import type { ChatEntry, MessageView } from "../../contract/chat";
import type { Gift } from "../../contract/chat-options";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import type { ClientErrorCode } from "../../lib/api-client";

export const GIFT_ICONS: Record<Gift, string> = {
  rose: "🌹",
  heart: "❤️",
  chocolate: "🍫",
  champagne: "🍾",
  teddy: "🧸",
};

/** The other member's name, or "a deleted member" once their account is erased. */
export function nameOf(profile: ChatEntry["profile"], t: Translate): string {
  return profile?.name ?? t("chat.deletedMember");
}

/** The list entry's one line about the last message ("You: …" for the member's own). */
export function preview(message: MessageView | null, t: Translate): string {
  if (!message) return t("chats.noMessages");
  const text =
    message.kind === "gift" && message.gift
      ? t("chats.giftPreview", { gift: t(`gift.${message.gift}` as MessageKey) })
      : message.kind === "image"
        ? t("chats.imagePreview")
        : (message.text ?? "");
  return message.from_me ? t("chats.youPrefix", { text }) : text;
}

/** Why a call of the conversation failed, shown above the text box, and the API's code. */
export type ChatError = { text: string; code: ClientErrorCode | null };
