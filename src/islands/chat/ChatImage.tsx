import { useState } from "react";
import type { MessageView } from "../../contract/chat";
import type { Translate } from "../../i18n/translate";
import { ApiRequestError, api, type ClientErrorCode } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";

/** The box an image message takes in the log: its own shape, at most 240 × 320 CSS pixels. */
const CHAT_IMAGE_BOX = { width: 240, height: 320 };

/**
 * The size an image message is shown at, from the size the server stored with it: the page
 * reserves it before the file arrives (no layout shift), landscape or portrait, never enlarged.
 * @example chatImageBox({ width: 720, height: 540 }) // { width: 240, height: 180 }
 */
export function chatImageBox(image: { width: number; height: number }): {
  width: number;
  height: number;
} {
  // A message without a stored size: the 4:5 box profile photos have.
  if (!image.width || !image.height) return { width: 240, height: 300 };
  const scale = Math.min(
    1,
    CHAT_IMAGE_BOX.width / image.width,
    CHAT_IMAGE_BOX.height / image.height,
  );
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/**
 * An image message: the sender's own, or one the recipient opened, as the picture; else its
 * blurred stand-in with an open button (premium; spec §1 locked photos).
 */
export function ChatImage(props: {
  message: MessageView;
  t: Translate;
  name: string;
  onOpened: (message: MessageView) => void;
  onError: (text: string, code: ClientErrorCode | null) => void;
}) {
  const { message, t } = props;
  const image = message.image;
  const [busy, setBusy] = useState(false);
  if (!image) return null;
  const { width, height } = chatImageBox(image);
  const alt = message.from_me ? t("chat.imageMine") : t("chat.imageFrom", { name: props.name });

  async function openIt() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api("POST /api/chat-image-open.php", {
        body: { message: message.id },
      });
      props.onOpened(answer.message);
    } catch (caught) {
      props.onError(
        describeApiError(caught, t),
        caught instanceof ApiRequestError ? caught.code : null,
      );
    } finally {
      setBusy(false);
    }
  }

  if (image.url) {
    return (
      <a href={image.url} target="_blank" rel="noopener" className="chat-image">
        <img src={image.url} alt={alt} width={width} height={height} loading="lazy" />
      </a>
    );
  }
  return (
    <div className="chat-image is-locked">
      {image.blurred ? (
        <img src={image.blurred} alt="" width={width} height={height} loading="lazy" />
      ) : null}
      <p>{t("chat.imageLocked", { name: props.name })}</p>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-disabled={busy}
        onClick={openIt}
      >
        {t("chat.openImage")}
      </button>
    </div>
  );
}
