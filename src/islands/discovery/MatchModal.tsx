import { useEffect, useState } from "react";
import type { ProfileDetail } from "../../contract/profiles";
import { api, apiFetch } from "../../lib/api-client";
import { onMemberEvent } from "../../stores/events";
import { $member } from "../../stores/session";
import Modal from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Matched = Pick<ProfileDetail, "id" | "name" | "main_image">;

type Props = I18nProps & {
  /** A match made while the member was away, not shown to them yet (from the server). */
  unseen?: Matched | null;
};

/** Notes that the dialog was shown, so the next page does not show this match again. */
function markSeen(matched: Matched) {
  void api("POST /api/match-seen.php", { body: { id: matched.id } }).catch(() => {});
}

/**
 * issue 13, spec §2 'It's a match': when a like is answered (the events stream's `match`), or
 * on the next page for a member who was away, a full-screen dialog with both members' photos,
 * to send a message or keep browsing.
 */
export default function MatchModal(props: Props) {
  const t = useTranslate(props);
  const [matched, setMatched] = useState<Matched | null>(props.unseen ?? null);

  useEffect(() => {
    if (props.unseen) markSeen(props.unseen);
  }, [props.unseen]);

  useEffect(
    () =>
      onMemberEvent((event) => {
        if (event.type !== "match") return;
        void apiFetch<ProfileDetail>("/api/profile.php", { query: { id: event.data.profile } })
          .then((profile) => {
            const shown = { id: profile.id, name: profile.name, main_image: profile.main_image };
            setMatched(shown);
            markSeen(shown);
          })
          .catch(() => {});
      }),
    [],
  );

  const own = $member.get()?.profile?.main_image ?? null;
  return (
    <Modal
      open={matched !== null}
      title={t("match.title")}
      onClose={() => setMatched(null)}
      closeLabel={t("common.close")}
      footer={
        matched ? (
          <>
            <a className="btn btn-primary" href={`/members/${matched.id}/chat`}>
              {t("match.message")}
            </a>
            <button type="button" className="btn btn-ghost" onClick={() => setMatched(null)}>
              {t("match.keepBrowsing")}
            </button>
          </>
        ) : null
      }
    >
      {matched ? (
        <div className="match stack">
          <div className="match-photos">
            <figure className="match-photo">
              {own ? (
                <img src={own.thumb} alt="" width={240} height={300} />
              ) : (
                <span className="match-photo-empty" aria-hidden="true">
                  ♥
                </span>
              )}
              <figcaption>{t("match.you")}</figcaption>
            </figure>
            <span className="match-heart" aria-hidden="true">
              ♥
            </span>
            <figure className="match-photo">
              {matched.main_image ? (
                <img
                  src={matched.main_image.thumb}
                  alt={t("match.photoOf", { name: matched.name })}
                  width={240}
                  height={300}
                />
              ) : (
                <span className="match-photo-empty" aria-hidden="true">
                  {matched.name.slice(0, 1)}
                </span>
              )}
              <figcaption>{matched.name}</figcaption>
            </figure>
          </div>
          <p className="match-text">{t("match.text", { name: matched.name })}</p>
        </div>
      ) : null}
    </Modal>
  );
}
