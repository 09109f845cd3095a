import { useStore } from "@nanostores/react";
import { type RefObject, useRef, useState } from "react";
import type { ChatTerms, SentAnswer } from "../../contract/chat";
import type { Translate } from "../../i18n/translate";
import {
  ApiRequestError,
  api,
  apiFetch,
  isOutcomeUnknown,
  newIdempotencyKey,
} from "../../lib/api-client";
import { $chats, refreshChats } from "../../stores/chats";
import { $member } from "../../stores/session";
import PaidSendError from "../payments/PaidSendError";
import { enterSends } from "../ui/enter-sends";
import { describeApiError } from "../ui/use-api-form";
import {
  type ChatStore,
  chooseSendKey,
  getDraft,
  updateConversation,
  updateDraft,
  withMessage,
  withReplacedMessage,
} from "./chat-store";
import type { ChatError } from "./chat-text";

/** The member's typing is signalled at most this often. */
const TYPING_SIGNAL_MS = 3000;

type Props = {
  conversation: number;
  terms: ChatTerms;
  name: string;
  store: ChatStore;
  t: Translate;
  isPremium: boolean;
  textRef: RefObject<HTMLTextAreaElement | null>;
  error: ChatError | null;
  onError: (error: ChatError | null) => void;
  /** A send was refused for premium: the premium alert says why. */
  onPremiumRequired: () => void;
  /** The error's "Go premium" button. */
  onGoPremium: () => void;
};

/** The new balance after a paid send. */
function setCredits(credits: number): void {
  const member = $member.get();
  if (member) $member.set({ ...member, credits });
}

/**
 * spec §2 in-chat footer: what a message costs, the photo button, the text box with its count
 * against `message_length`; Enter sends, and a failed send keeps the text with the reason and,
 * for costs, the way out.
 */
export default function Composer(props: Props) {
  const { conversation, terms, store, t, textRef } = props;
  const draft = getDraft(useStore(store.$drafts), conversation);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const lastTypingSignal = useRef(0);
  const length = [...draft.text].length;
  const tooLong = length > terms.message_length;

  function signalTyping() {
    const now = Date.now();
    if (now - lastTypingSignal.current < TYPING_SIGNAL_MS) return;
    lastTypingSignal.current = now;
    void api("POST /api/typing.php", {
      body: { conversation },
      retries: 0,
    }).catch(() => {});
  }

  async function send() {
    const text = draft.text.trim();
    if (!text || sending || tooLong) return;
    setSending(true);
    props.onError(null);
    const key = chooseSendKey(getDraft(store.$drafts.get(), conversation), text, newIdempotencyKey);
    try {
      const answer = await api("POST /api/message.php", {
        body: { conversation, text },
        idempotencyKey: key,
      });
      updateDraft(store, conversation, { text: "", unanswered: null });
      setCredits(answer.credits);
      updateConversation(store, conversation, (shown) => withMessage(shown, answer.message));
      // A first message makes a conversation the list does not have yet: it shows at once.
      if (!$chats.get()?.chats.some((chat) => chat.conversation === conversation)) {
        void refreshChats().catch(() => {});
      }
      // Back to the box for the next message, unless the member has moved on meanwhile (opened
      // the options menu, say): taking focus from there would close what they just opened.
      const active = document.activeElement;
      if (!active || active === document.body || textRef.current?.form?.contains(active)) {
        textRef.current?.focus();
      }
    } catch (caught) {
      // A refusal is final (a retry under its key would only replay it); an unknown outcome
      // keeps the key for the next press.
      updateDraft(store, conversation, {
        unanswered: isOutcomeUnknown(caught) ? { text, key } : null,
      });
      // The text stays in the box; the message says why and what to do.
      const code = caught instanceof ApiRequestError ? caught.code : null;
      props.onError({ text: describeApiError(caught, t), code });
      if (code === "premium_required") props.onPremiumRequired();
    } finally {
      setSending(false);
    }
  }

  /** spec §2 footer: image upload, through the profile photos' checks, for photo_credits. */
  async function sendImage(file: File) {
    setUploading(true);
    props.onError(null);
    const form = new FormData();
    form.append("conversation", String(conversation));
    form.append("photo", file);
    try {
      const answer = await apiFetch<SentAnswer>("/api/chat-image.php", {
        method: "POST",
        body: form,
        retries: 2,
      });
      setCredits(answer.credits);
      // The stream's event may have brought it first, without its URL.
      updateConversation(store, conversation, (shown) =>
        shown.messages.some((message) => message.id === answer.message.id)
          ? withReplacedMessage(shown, answer.message)
          : withMessage(shown, answer.message),
      );
    } catch (caught) {
      props.onError({
        text: describeApiError(caught, t),
        code: caught instanceof ApiRequestError ? caught.code : null,
      });
    } finally {
      setUploading(false);
    }
  }

  const error = props.error;
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p className="chat-terms">
        {terms.free ? t("chat.free") : t("chat.cost", { count: terms.message_credits })}
        {!props.isPremium && !terms.free
          ? ` ${t("chat.freeLeft", { count: terms.free_conversations_left })}`
          : ""}
      </p>
      {error ? (
        <PaidSendError error={error} className="chat-error" t={t} onGoPremium={props.onGoPremium} />
      ) : null}
      <div className="chat-input">
        <label className={`btn btn-ghost btn-icon chat-attach${uploading ? " is-busy" : ""}`}>
          <span aria-hidden="true">📷</span>
          <span className="visually-hidden">
            {uploading ? t("chat.uploading") : t("chat.attachCost", { count: terms.photo_credits })}
          </span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            className="visually-hidden"
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void sendImage(file);
            }}
          />
        </label>
        <label className="visually-hidden" htmlFor="chat-text">
          {t("chat.messageLabel", { name: props.name })}
        </label>
        <textarea
          ref={textRef}
          id="chat-text"
          className="field-input"
          rows={2}
          value={draft.text}
          placeholder={t("chat.placeholder")}
          aria-describedby="chat-count"
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            updateDraft(store, conversation, { text: event.target.value });
            if (event.target.value) signalTyping();
          }}
          onKeyDown={enterSends(() => void send())}
        />
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={sending || tooLong || draft.text.trim() === ""}
        >
          {sending ? t("chat.sending") : t("chat.send")}
        </button>
      </div>
      <p id="chat-count" className={`chat-count${tooLong ? " is-over" : ""}`}>
        {t("chat.charCount", { count: length, max: terms.message_length })}
      </p>
    </form>
  );
}
