import { useEffect, useState } from "react";
import type { Gift } from "../../contract/chat-options";
import type { MessageKey } from "../../i18n/catalogues";
import { ApiRequestError, api } from "../../lib/api-client";
import { showToast } from "../../stores/toasts";
import DropdownMenu from "../ui/DropdownMenu";
import Modal, { ModalActions } from "../ui/Modal";
import RadioChoices from "../ui/RadioChoices";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ReportDialog from "./ReportDialog";

type Props = I18nProps & {
  profileId: number;
  name: string;
  liked: boolean;
  blocked: boolean;
  /**
   * The page was fetched ahead (issue 29 item 3): now that it is shown, this profile's like to
   * the viewer is seen (spec §4).
   */
  seenOnShow: boolean;
  /** The viewer's credit balance and what a gift costs (site gift_credits). */
  credits: number;
  giftCredits: number;
  gifts: readonly Gift[];
};

/**
 * The profile screen's buttons (spec §2 Profile view): message, like/unlike, gift, block and
 * unblock, each calling its API. A blocked member's profile offers only unblocking.
 */
export default function ProfileActions(props: Props) {
  const t = useTranslate(props);
  const [liked, setLiked] = useState(props.liked);
  const [blocked, setBlocked] = useState(props.blocked);
  const [credits, setCredits] = useState(props.credits);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<"gift" | "block" | "report" | null>(null);
  const [gift, setGift] = useState<Gift | undefined>(props.gifts[0]);
  const [giftError, setGiftError] = useState<string | null>(null);
  const { name, profileId, seenOnShow } = props;

  useEffect(() => {
    if (seenOnShow) api("POST /api/like-seen.php", { body: { id: profileId } }).catch(() => {});
  }, [seenOnShow, profileId]);

  async function act(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      showToast(describeApiError(caught, t), "danger");
    } finally {
      setBusy(false);
    }
  }

  // The like button stays enabled (aria-disabled) while its call runs: disabling the focused
  // button would drop keyboard focus to the page body. Its new label is the new state, and the
  // toast (a polite live region) says what happened.
  const toggleLike = () => {
    if (busy) return;
    return act(async () => {
      const answer = liked
        ? await api("DELETE /api/like.php", { query: { id: props.profileId } })
        : await api("POST /api/like.php", { body: { id: props.profileId } });
      setLiked(answer.liked);
      showToast(answer.liked ? t("profile.liked", { name }) : t("profile.unliked"), "success");
    });
  };

  const setBlock = (block: boolean) =>
    act(async () => {
      const answer = block
        ? await api("POST /api/block.php", { body: { id: props.profileId } })
        : await api("DELETE /api/block.php", { query: { id: props.profileId } });
      setDialog(null);
      setBlocked(answer.blocked);
      showToast(
        answer.blocked ? t("profile.blocked", { name }) : t("profile.unblocked", { name }),
        "success",
      );
    });

  async function sendGift() {
    if (!gift) return;
    setBusy(true);
    setGiftError(null);
    try {
      const answer = await api("POST /api/gift.php", {
        body: { id: props.profileId, gift },
      });
      setCredits(answer.credits);
      setDialog(null);
      showToast(t("profile.giftSent", { name }), "success");
    } catch (caught) {
      setGiftError(
        caught instanceof ApiRequestError && caught.code === "not_enough_credits"
          ? caught.message
          : describeApiError(caught, t),
      );
    } finally {
      setBusy(false);
    }
  }

  if (blocked) {
    return (
      <div className="profile-actions stack">
        <p className="alert alert-info" role="status">
          {t("profile.blockedNotice", { name })}
        </p>
        <div>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => setBlock(false)}
          >
            {t("profile.unblock")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="profile-actions">
      <a className="btn btn-primary" href={`/members/${props.profileId}/chat`}>
        {t("profile.message")}
      </a>
      <button
        type="button"
        className={liked ? "btn btn-outline is-liked" : "btn btn-outline"}
        aria-disabled={busy}
        onClick={toggleLike}
      >
        <span aria-hidden="true">{liked ? "♥" : "♡"}</span>{" "}
        {liked ? t("profile.unlike") : t("profile.like")}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        onClick={() => setDialog("gift")}
      >
        {t("profile.gift")}
      </button>
      {/* Block and Report sit together in the overflow menu (issue 12). */}
      <DropdownMenu
        buttonClassName="btn btn-ghost btn-icon"
        menuClassName="dropdown-menu"
        label={
          <>
            <span aria-hidden="true">⋯</span>
            <span className="visually-hidden">{t("profile.more")}</span>
          </>
        }
      >
        <li>
          <button type="button" onClick={() => setDialog("block")}>
            {t("profile.block")}
          </button>
        </li>
        <li>
          <button type="button" onClick={() => setDialog("report")}>
            {t("profile.report")}
          </button>
        </li>
      </DropdownMenu>
      <ReportDialog
        open={dialog === "report"}
        onClose={() => setDialog(null)}
        t={t}
        profileId={props.profileId}
        name={name}
        onReported={() => {
          setDialog(null);
          showToast(t("report.done", { name }), "success");
          setBlocked(true);
        }}
      />
      <Modal
        open={dialog === "gift"}
        title={t("profile.giftTitle", { name })}
        closeLabel={t("common.close")}
        onClose={() => setDialog(null)}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setDialog(null)}>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={sendGift}>
              {t("profile.giftSend")}
            </button>
          </ModalActions>
        }
      >
        <fieldset className="field">
          <legend className="field-label">{t("profile.giftChoose")}</legend>
          <div className="chip-choices">
            <RadioChoices
              name="gift"
              className="chip-choice"
              choices={props.gifts.map((id) => ({
                value: id,
                label: t(`gift.${id}` as MessageKey),
              }))}
              value={gift ?? null}
              onChange={setGift}
            />
          </div>
        </fieldset>
        <p className="muted">
          {t("profile.giftCost", { count: props.giftCredits, balance: credits })}
        </p>
        {giftError ? (
          <p className="field-error" role="alert">
            {giftError} <a href="/credits">{t("profile.giftBuyCredits")}</a>
          </p>
        ) : null}
      </Modal>
      <Modal
        open={dialog === "block"}
        title={t("profile.blockTitle", { name })}
        closeLabel={t("common.close")}
        onClose={() => setDialog(null)}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setDialog(null)}>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => setBlock(true)}
            >
              {t("profile.block")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("profile.blockText", { name })}</p>
      </Modal>
    </div>
  );
}
