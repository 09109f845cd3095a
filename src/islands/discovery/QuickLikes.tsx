import { useState } from "react";
import type { ProfileCard } from "../../contract/profiles";
import { api } from "../../lib/api-client";
import { showToast } from "../../stores/toasts";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & { profiles: ProfileCard[] };

/**
 * issue 13, signup matches: member cards with a like each, one tap; a second tap takes it back.
 */
export default function QuickLikes(props: Props) {
  const t = useTranslate(props);
  const [liked, setLiked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);

  async function toggle(card: ProfileCard) {
    if (busy !== null) return;
    setBusy(card.id);
    const isLiked = liked.has(card.id);
    try {
      if (isLiked) await api("DELETE /api/like.php", { query: { id: card.id } });
      else await api("POST /api/like.php", { body: { id: card.id } });
      setLiked((known) => {
        const next = new Set(known);
        if (isLiked) next.delete(card.id);
        else next.add(card.id);
        return next;
      });
    } catch (caught) {
      // The server's word where it gave one (the day's likes used up, say).
      showToast(describeApiError(caught, t, "swipe.failed"), "danger");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack">
      <p className="quick-likes-count" aria-live="polite">
        {t("signupMatches.liked", { count: liked.size })}
      </p>
      <ul className="quick-likes">
        {props.profiles.map((card) => (
          <li key={card.id} className="quick-like">
            {card.main_image ? (
              <img
                src={card.main_image.thumb}
                alt=""
                width={240}
                height={300}
                loading="lazy"
                className="quick-like-photo"
              />
            ) : null}
            <p className="quick-like-name">
              {card.name}, {card.age}
            </p>
            {/* A toggle: the label stays, aria-pressed and the filled style say it is on. */}
            <button
              type="button"
              className={liked.has(card.id) ? "btn btn-primary btn-sm" : "btn btn-secondary btn-sm"}
              aria-pressed={liked.has(card.id)}
              aria-disabled={busy === card.id}
              onClick={() => void toggle(card)}
            >
              <span aria-hidden="true">{liked.has(card.id) ? "♥" : "♡"}</span> {t("swipe.like")}
              <span className="visually-hidden"> {card.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
