import { useStore } from "@nanostores/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { PhotoView } from "../../contract/photos";
import type { ProfileDetail } from "../../contract/profiles";
import type { Translate } from "../../i18n/translate";
import { ApiRequestError, api, isOutcomeUnknown, newIdempotencyKey } from "../../lib/api-client";
import { refreshChats } from "../../stores/chats";
import { onMemberEvent } from "../../stores/events";
import { $member } from "../../stores/session";
import PaidSendError from "../payments/PaidSendError";
import { enterSends } from "../ui/enter-sends";
import Modal from "../ui/Modal";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Matched = Pick<ProfileDetail, "id" | "name" | "main_image">;
/** The member's own name and main photo, for their side of the picture. */
type Self = { name: string; main_image: PhotoView | null };

type Props = I18nProps & {
  /** A match made while the member was away, not shown to them yet (from the server). */
  unseen?: Matched | null;
  /** The member themself as the page knew them (the session store may not be filled yet). */
  self?: Self | null;
};

/** Notes that the dialog was shown, so the next page does not show this match again. */
function markSeen(matched: Matched) {
  void api("POST /api/match-seen.php", { body: { id: matched.id } }).catch(() => {});
}

/** The burst's hearts (CSS places and times each one by its position). */
const HEARTS = Array.from({ length: 12 }, (_, index) => index);

/**
 * issue 13, spec §2 'It's a match' (issue 29 item 10): when a like is answered (the events
 * stream's `match`), or on the next page for a member who was away, a full-screen modal with
 * both members' photos, a burst of hearts (none under reduced motion), and a box for the first
 * message, sent as the chat sends it; or keep browsing.
 */
export default function MatchModal(props: Props) {
  const t = useTranslate(props);
  const [matched, setMatched] = useState<Matched | null>(props.unseen ?? null);
  const member = useStore($member);
  const self: Self | null = member?.profile ?? props.self ?? null;
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (props.unseen) markSeen(props.unseen);
  }, [props.unseen]);

  useEffect(
    () =>
      onMemberEvent((event) => {
        if (event.type !== "match") return;
        void api("GET /api/profile.php", { query: { id: event.data.profile } })
          .then((profile) => {
            if (!("is_own" in profile)) return;
            const shown = { id: profile.id, name: profile.name, main_image: profile.main_image };
            setMatched(shown);
            markSeen(shown);
          })
          .catch(() => {});
      }),
    [],
  );

  return (
    <Modal
      open={matched !== null}
      title={t("match.title")}
      onClose={() => setMatched(null)}
      closeLabel={t("common.close")}
      className="modal-match"
      initialFocus={textRef}
    >
      {matched ? (
        <MatchContent
          key={matched.id}
          matched={matched}
          self={self}
          t={t}
          textRef={textRef}
          onClose={() => setMatched(null)}
        />
      ) : null}
    </Modal>
  );
}

/** One side of the picture: the photo, or the name's initial without one. */
function MatchPhoto({ name, photo, alt }: { name: string; photo: PhotoView | null; alt: string }) {
  return photo ? (
    <img
      src={photo.match}
      srcSet={`${photo.thumb} 240w, ${photo.match} 720w`}
      sizes="(min-width: 576px) 220px, 40vw"
      alt={alt}
      width={240}
      height={300}
    />
  ) : (
    <span className="match-photo-empty" role="img" aria-label={alt}>
      {name.slice(0, 1).toUpperCase() || "♥"}
    </span>
  );
}

type ContentProps = {
  matched: Matched;
  self: Self | null;
  t: Translate;
  textRef: RefObject<HTMLTextAreaElement | null>;
  onClose: () => void;
};

type SendError = { text: string; code: string | null };

/** The modal's inside, one per match: the photos, then the first message or what came of it. */
function MatchContent({ matched, self, t, textRef, onClose }: ContentProps) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<SendError | null>(null);
  /** The conversation the message went to, once it is sent. */
  const [sent, setSent] = useState<number | null>(null);
  const conversation = useRef<number | null>(null);
  /** A send whose outcome is unknown: pressing again reuses its key (sent and charged once). */
  const unanswered = useRef<{ text: string; key: string } | null>(null);
  const chatLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    // The form is gone: focus moves on to the way into the chat, not to the page's body.
    if (sent !== null) chatLink.current?.focus();
  }, [sent]);

  async function send() {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    const key = unanswered.current?.text === message ? unanswered.current.key : newIdempotencyKey();
    try {
      // The same path as /members/{id}/chat, then the chat's own send.
      conversation.current ??= (
        await api("POST /api/chat.php", { body: { profile: matched.id } })
      ).conversation;
      const answer = await api("POST /api/message.php", {
        body: { conversation: conversation.current, text: message },
        idempotencyKey: key,
      });
      unanswered.current = null;
      const current = $member.get();
      if (current) $member.set({ ...current, credits: answer.credits });
      void refreshChats().catch(() => {});
      setSent(conversation.current);
    } catch (caught) {
      unanswered.current = isOutcomeUnknown(caught) ? { text: message, key } : null;
      // The text stays in the box; the message says why and what to do.
      setError({
        text: describeApiError(caught, t),
        code: caught instanceof ApiRequestError ? caught.code : null,
      });
    } finally {
      setSending(false);
    }
  }

  const selfName = self?.name ?? t("match.you");
  return (
    <div className="match">
      <div className="match-burst" aria-hidden="true">
        {HEARTS.map((heart) => (
          <span key={heart} className="match-burst-heart">
            ♥
          </span>
        ))}
      </div>
      <p className="match-text">{t("match.text", { name: matched.name })}</p>
      <div className="match-photos">
        <figure className="match-photo match-photo-self">
          <MatchPhoto
            name={selfName}
            photo={self?.main_image ?? null}
            alt={t("match.photoOf", { name: selfName })}
          />
          <figcaption>{t("match.you")}</figcaption>
        </figure>
        <span className="match-heart" aria-hidden="true">
          ♥
        </span>
        <figure className="match-photo match-photo-other">
          <MatchPhoto
            name={matched.name}
            photo={matched.main_image}
            alt={t("match.photoOf", { name: matched.name })}
          />
          <figcaption>{matched.name}</figcaption>
        </figure>
      </div>
      {sent === null ? (
        <form
          className="match-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label className="match-label" htmlFor="match-text">
            {t("match.messageLabel", { name: matched.name })}
          </label>
          {error ? <PaidSendError error={error} className="match-error" t={t} /> : null}
          <div className="match-input">
            <textarea
              ref={textRef}
              id="match-text"
              className="field-input"
              rows={2}
              value={text}
              placeholder={t("match.placeholder")}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={enterSends(() => void send())}
            />
            <button
              type="submit"
              className="btn match-send"
              aria-disabled={sending || text.trim() === ""}
            >
              {sending ? t("chat.sending") : t("chat.send")}
            </button>
          </div>
        </form>
      ) : (
        <div className="match-sent">
          <p role="status">{t("match.sent", { name: matched.name })}</p>
          <a ref={chatLink} className="btn match-send" href={`/chats/${sent}`}>
            {t("match.goToChat")}
          </a>
        </div>
      )}
      <button type="button" className="btn match-later" onClick={onClose}>
        {t("match.keepBrowsing")}
      </button>
    </div>
  );
}
