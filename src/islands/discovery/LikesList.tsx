import { useEffect, useState } from "react";
import type { LikeList } from "../../contract/like-options";
import type { LikesAnswer } from "../../contract/likes";
import { countryName } from "../../i18n/countries";
import { api } from "../../lib/api-client";
import { $newLikes } from "../../stores/counts";
import { $likesVersion } from "../../stores/likes";
import { showToast } from "../../stores/toasts";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import MemberCard from "./MemberCard";

type Props = I18nProps & {
  list: LikeList;
  initial: LikesAnswer;
};

/**
 * issue 13: one list of the likes page (who likes me, whom I like, matches) as member cards with
 * their actions: like back, message, remove (take my like back). Further pages load by keyset.
 * When the page hears the likes changed (an event, the periodic refresh, a push: issue 29 item
 * 13), the list reads its first page again.
 */
export default function LikesList(props: Props) {
  const t = useTranslate(props);
  const [profiles, setProfiles] = useState(props.initial.profiles);
  const [likedBy, setLikedBy] = useState(props.initial.liked_by);
  const [liked, setLiked] = useState(new Set(props.initial.liked));
  const [cursor, setCursor] = useState(props.initial.next_cursor);
  const [busy, setBusy] = useState<number | "more" | null>(null);
  const newIds = new Set(likedBy.filter((entry) => entry.like_new).map((entry) => entry.id));
  const likesMe = new Set(likedBy.map((entry) => entry.id));

  useEffect(
    () =>
      $likesVersion.listen(() => {
        api("GET /api/likes.php", { query: { type: props.list } })
          .then((first) => {
            setProfiles(first.profiles);
            setLikedBy(first.liked_by);
            setLiked(new Set(first.liked));
            setCursor(first.next_cursor);
            $newLikes.set(first.new_likes);
          })
          // The next change, or the next refresh, tries again.
          .catch(() => {});
      }),
    [props.list],
  );

  async function loadMore() {
    if (!cursor || busy) return;
    setBusy("more");
    try {
      const next = await api("GET /api/likes.php", {
        query: { type: props.list, cursor },
      });
      setProfiles((known) => [
        ...known,
        ...next.profiles.filter((card) => !known.some((seen) => seen.id === card.id)),
      ]);
      setLikedBy((known) => [...known, ...next.liked_by]);
      setLiked((known) => new Set([...known, ...next.liked]));
      setCursor(next.next_cursor);
      $newLikes.set(next.new_likes);
    } catch {
      showToast(t("likes.failed"), "danger");
    } finally {
      setBusy(null);
    }
  }

  async function likeBack(id: number) {
    setBusy(id);
    try {
      await api("POST /api/like.php", { body: { id } });
      setLiked((known) => new Set([...known, id]));
    } catch (caught) {
      // The server's word where it gave one (the day's likes used up, say).
      showToast(describeApiError(caught, t, "likes.failed"), "danger");
    } finally {
      setBusy(null);
    }
  }

  async function remove(id: number, name: string) {
    setBusy(id);
    try {
      await api("DELETE /api/like.php", { query: { id } });
      setProfiles((known) => known.filter((card) => card.id !== id));
      setLiked((known) => new Set([...known].filter((other) => other !== id)));
      showToast(t("likes.removed", { name }), "success");
    } catch {
      showToast(t("likes.failed"), "danger");
    } finally {
      setBusy(null);
    }
  }

  if (profiles.length === 0) {
    return (
      <div className="empty-state stack">
        <p>{t(`likes.empty.${props.list}`)}</p>
        <a className="btn btn-primary" href="/members">
          {t("likes.emptyCta")}
        </a>
      </div>
    );
  }

  return (
    <div className="stack">
      <ul className="card-grid likes-grid">
        {profiles.map((card, index) => {
          const mutual = liked.has(card.id) && likesMe.has(card.id);
          return (
            <li key={card.id} className="likes-item">
              <MemberCard
                card={card}
                t={t}
                countryName={countryName(props.locale, card.country)}
                eager={index < 4}
                headingLevel={2}
              />
              <p className="likes-tags">
                {newIds.has(card.id) ? <span className="tag tag-new">{t("likes.new")}</span> : null}
                {mutual ? <span className="tag tag-match">{t("likes.match")}</span> : null}
              </p>
              <fieldset className="likes-actions">
                <legend className="visually-hidden">
                  {t("likes.actionsFor", { name: card.name })}
                </legend>
                {liked.has(card.id) ? null : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    aria-disabled={busy === card.id}
                    onClick={() => void (busy === card.id ? null : likeBack(card.id))}
                  >
                    {t("likes.likeBack")}
                  </button>
                )}
                <a className="btn btn-outline btn-sm" href={`/members/${card.id}/chat`}>
                  {t("likes.message")}
                </a>
                {liked.has(card.id) && props.list !== "received" ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-disabled={busy === card.id}
                    onClick={() => void (busy === card.id ? null : remove(card.id, card.name))}
                  >
                    {t("likes.remove")}
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {cursor ? (
        <button
          type="button"
          className="btn btn-outline load-more"
          aria-disabled={busy === "more"}
          onClick={() => void loadMore()}
        >
          {busy === "more" ? t("common.loading") : t("likes.loadMore")}
        </button>
      ) : null}
    </div>
  );
}
