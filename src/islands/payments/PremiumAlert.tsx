import { FREE_CONVERSATIONS } from "../../contract/chat-options";
import {
  PHOTO_LIMITS,
  PREMIUM_MATCH_CHANCE_PERCENT,
  PREMIUM_PATH,
  type PremiumFeature,
  SWIPE_LIKES_PER_DAY,
} from "../../contract/premium";
import Modal, { ModalActions } from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

/** The limit each reason names. */
const LIMIT_OF: Record<PremiumFeature, number> = {
  photos: PHOTO_LIMITS.free,
  locked_photos: 0,
  conversations: FREE_CONVERSATIONS,
  chat_images: 0,
  swipe: SWIPE_LIKES_PER_DAY,
};

/** The messages the alert needs: pick these prefixes for an island that shows it. */
export const PREMIUM_ALERT_MESSAGES = ["premium.alert.", "common.close", "common.cancel"];

type Props = I18nProps & {
  open: boolean;
  /** The feature the member reached for: the alert's first sentence says why it stopped. */
  feature: PremiumFeature;
  onClose: () => void;
};

/**
 * issue 13, spec §6: the one premium alert of every premium-only feature (more photos, locked
 * photos, more conversations, photos in chat, more swipe-game likes). It says why the member
 * was stopped, what premium gives, and leads to the premium page.
 */
export default function PremiumAlert(props: Props) {
  const t = useTranslate(props);
  const benefits = [
    t("premium.alert.benefit.photos"),
    t("premium.alert.benefit.upload", { count: PHOTO_LIMITS.premium }),
    t("premium.alert.benefit.chat"),
    t("premium.alert.benefit.swipe"),
    t("premium.alert.benefit.match", { percent: PREMIUM_MATCH_CHANCE_PERCENT }),
  ];
  return (
    <Modal
      open={props.open}
      title={t("premium.alert.title")}
      closeLabel={t("common.close")}
      onClose={props.onClose}
      footer={
        <ModalActions cancelLabel={t("common.cancel")} onCancel={props.onClose}>
          <a className="btn btn-primary" href={PREMIUM_PATH}>
            {t("premium.alert.cta")}
          </a>
        </ModalActions>
      }
    >
      <div className="premium-alert stack">
        <p>{t(`premium.alert.reason.${props.feature}`, { count: LIMIT_OF[props.feature] })}</p>
        <p className="premium-alert-lead">{t("premium.alert.gives")}</p>
        <ul className="premium-alert-benefits">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className="premium-alert-how">{t("premium.alert.how")}</p>
      </div>
    </Modal>
  );
}
