import { useEffect, useState } from "react";
import type { ProfileCard } from "../../contract/profiles";
import { api } from "../../lib/api-client";
import { LIKES_RELOAD_DELAY_MS, reloadLikes } from "../../stores/likes";
import { showToast } from "../../stores/toasts";
import Modal from "../ui/Modal";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

/** The longest delay `?t=` may ask for (an hour): a bigger one is a mistake, not a plan. */
const MAX_DELAY_SECONDS = 3600;

/**
 * The delay of spec §9's query parameter t (whole seconds), or null when the address has none
 * or it is not a number of seconds.
 * @example likeModalDelay("?t=2") // 2000
 */
export function likeModalDelay(search: string): number | null {
  const value = new URLSearchParams(search).get("t");
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_DELAY_SECONDS ? seconds * 1000 : null;
}

/** The current address without its `t` parameter (spec §9: removed once the modal shows). */
function withoutDelayParameter(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete("t");
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * spec §2 Default layout 'Like modal', §7 GET /api/auto-like.php, §9 query parameter t: a
 * member who fits the viewer, offered once, with a like and a view-profile button. It opens `t`
 * seconds after the page loads when the address asks for it (ad and mail links do).
 */
export default function LikeModal(props: I18nProps) {
  const t = useTranslate(props);
  const [profile, setProfile] = useState<ProfileCard | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const delay = likeModalDelay(window.location.search);
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      // A POST: offering the profile notes it as offered (a GET changes nothing).
      api("POST /api/auto-like.php")
        .then((answer) => setProfile(answer.profile))
        .catch(() => {})
        .finally(() =>
          window.history.replaceState(window.history.state, "", withoutDelayParameter()),
        );
    }, delay);
    return () => window.clearTimeout(timer);
  }, []);

  async function like(card: ProfileCard) {
    setBusy(true);
    try {
      await api("POST /api/like.php", { body: { id: card.id } });
      setProfile(null);
      showToast(t("likeModal.liked", { name: card.name }), "success");
      window.setTimeout(() => void reloadLikes().catch(() => {}), LIKES_RELOAD_DELAY_MS);
    } catch (caught) {
      // The server's word where it gave one (the day's likes used up, say).
      showToast(describeApiError(caught, t, "swipe.failed"), "danger");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={profile !== null}
      title={t("likeModal.title")}
      closeLabel={t("common.close")}
      onClose={() => setProfile(null)}
      footer={
        profile ? (
          <>
            <a className="btn btn-ghost" href={`/members/${profile.id}`}>
              {t("likeModal.view")}
            </a>
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={busy}
              onClick={() => !busy && void like(profile)}
            >
              <span aria-hidden="true">♥</span> {t("likeModal.like")}
            </button>
          </>
        ) : null
      }
    >
      {profile ? (
        <div className="like-modal stack">
          {profile.main_image ? (
            <img
              className="like-modal-photo"
              src={profile.main_image.match}
              width={profile.main_image.width}
              height={profile.main_image.height}
              alt={t("match.photoOf", { name: profile.name })}
            />
          ) : null}
          <p className="like-modal-name">
            {profile.name}, {profile.age}
            {profile.region_name ? ` · ${profile.region_name}` : ""}
          </p>
          <p>{t("likeModal.text", { name: profile.name })}</p>
        </div>
      ) : null}
    </Modal>
  );
}
