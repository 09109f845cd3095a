import { useEffect, useState } from "react";
import { TIME_BONUS } from "../../contract/payment-options";
import type { DiscountCodeView } from "../../contract/payments";
import type { UserView } from "../../contract/users";
import { dismiss, isDismissed } from "../../stores/dismissals";
import { useSeededStore } from "../../stores/seeded";
import { $member } from "../../stores/session";
import Modal, { ModalActions } from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  /** The member as the page was rendered for them (the store takes over once hydrated). */
  member: UserView | null;
  /** The member's welcome discount, if they have one (the server's word, spec §1). */
  welcome: DiscountCodeView | null;
  /** An order took the time bonus (used, or held by an unfinished one): it is not offered. */
  timeBonusTaken?: boolean;
  /** spec §2: the members area, where the time-bonus pop-up may open. */
  membersArea: boolean;
};

/** spec §9: the pop-up opens this long after entering the members area. */
export const TIME_BONUS_POPUP_DELAY_MS = 40_000;

/** When this tab first entered the members area (sessionStorage, ms since the epoch). */
const ENTERED_KEY = "members-area-entered-at";

/** spec §4: hh:mm:ss, zero-padded. @example countdown(14_399) // "03:59:59" */
export function countdown(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Seconds left of a member's time bonus at `now`; 0 once over, or for a paid member. */
export function timeBonusLeft(
  member: { paid_user: boolean; signup_date: string } | null,
  now: number,
): number {
  if (!member || member.paid_user) return 0;
  const end = Date.parse(member.signup_date) + TIME_BONUS.seconds * 1000;
  return Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * spec §2, §4, §9, issue 14: the offer of a member who has not paid yet. While the time bonus
 * runs (the first four hours after signup), a banner counts down each second and, 40 s into the
 * members area, a pop-up tells of it once (if the member has no credits and did not dismiss it
 * before); when it ends, on payment or on logout, it goes. Then the welcome discount's banner,
 * if the member has one (the server says so with the page). Both lead to the credits page,
 * where the checkout applies the discount.
 */
export default function OfferBanner(props: Props) {
  const t = useTranslate(props);
  const member = useSeededStore($member, props.member);
  const [now, setNow] = useState(() => Date.now());
  const [popup, setPopup] = useState<"timeBonus" | "welcome" | null>(null);
  const left = props.timeBonusTaken ? 0 : timeBonusLeft(member, now);
  const running = left > 0;
  // Paid, or logged out, since the page was made: no offer.
  const welcome = member && !member.paid_user ? props.welcome : null;

  // The countdown's tick, while there is a bonus to count down.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  // spec §9: the pop-up, 40 s after entering the members area: counted from the first of its
  // pages in this tab, so moving between them does not start the wait again. The time bonus's
  // while it runs and the member has no credits; else the welcome discount's (spec §2, issue
  // 29 item 12). Each once: its dismissal is remembered.
  const zeroCredits = member?.credits === 0;
  const due: "timeBonus" | "welcome" | null =
    running && zeroCredits ? "timeBonus" : !running && welcome ? "welcome" : null;
  useEffect(() => {
    if (!props.membersArea || due === null || isDismissed(due)) return;
    const entered = Number(sessionStorage.getItem(ENTERED_KEY)) || Date.now();
    sessionStorage.setItem(ENTERED_KEY, String(entered));
    const wait = Math.max(0, entered + TIME_BONUS_POPUP_DELAY_MS - Date.now());
    const timer = setTimeout(() => setPopup(due), wait);
    return () => clearTimeout(timer);
  }, [props.membersArea, due]);

  function closePopup() {
    if (popup) dismiss(popup);
    setPopup(null);
  }

  /** An offer's pop-up: its words, and the way to the credits or away, remembered either way. */
  const offerPopup = (kind: "timeBonus" | "welcome", title: string, text: string | false) => (
    <Modal
      open={popup === kind}
      title={title}
      onClose={closePopup}
      closeLabel={t("common.close")}
      footer={
        <ModalActions cancelLabel={t("payments.offer.notNow")} onCancel={closePopup}>
          <a className="btn btn-primary" href="/credits" onClick={() => dismiss(kind)}>
            {t("payments.offer.cta")}
          </a>
        </ModalActions>
      }
    >
      {text ? <p>{text}</p> : null}
    </Modal>
  );

  if (running) {
    const time = countdown(left);
    return (
      <>
        <aside
          className="offer-banner"
          aria-label={t("payments.offer.timeBonus", { percent: TIME_BONUS.percent })}
        >
          <span>{t("payments.offer.timeBonus", { percent: TIME_BONUS.percent })}</span>
          {/* The server's second and the browser's differ: the next tick puts it right. */}
          <span className="offer-countdown" role="timer" aria-live="off" suppressHydrationWarning>
            {t("payments.offer.endsIn", { time })}
          </span>
          <a href="/credits">{t("payments.offer.cta")}</a>
        </aside>
        {offerPopup(
          "timeBonus",
          t("payments.offer.modalTitle"),
          // Only while open: its countdown is the browser's (no server text to match).
          popup === "timeBonus" &&
            t("payments.offer.modalText", {
              hours: TIME_BONUS.seconds / 3600,
              time,
              percent: TIME_BONUS.percent,
            }),
        )}
      </>
    );
  }
  if (welcome) {
    return (
      <>
        <aside
          className="offer-banner"
          aria-label={t("payments.offer.welcome", { percent: welcome.value_percentage })}
        >
          <span>{t("payments.offer.welcome", { percent: welcome.value_percentage })}</span>
          <a href="/credits">{t("payments.offer.cta")}</a>
        </aside>
        {offerPopup(
          "welcome",
          t("payments.offer.welcomeTitle"),
          t("payments.offer.welcomeText", { percent: welcome.value_percentage }),
        )}
      </>
    );
  }
  return null;
}
