import type { Translate } from "../../i18n/translate";

type Props = {
  error: { text: string; code: string | null };
  /** The alert's own class beside `alert alert-danger` (its place in the chat or the modal). */
  className: string;
  t: Translate;
  /**
   * What "Go premium" does: opens the premium alert where the page has one; a link to the
   * premium page otherwise.
   */
  onGoPremium?: () => void;
};

/**
 * A message that was not sent, and the way on when money was the reason: "Go premium" for a
 * free member past their free conversations, "Buy credits" for one out of credits. The chat's
 * composer and the match's first message say it alike.
 */
export default function PaidSendError({ error, className, t, onGoPremium }: Props) {
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      <p>{error.text}</p>
      {error.code === "premium_required" ? (
        onGoPremium ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={onGoPremium}>
            {t("chat.goPremium")}
          </button>
        ) : (
          <a className="btn btn-primary btn-sm" href="/premium">
            {t("chat.goPremium")}
          </a>
        )
      ) : error.code === "not_enough_credits" ? (
        <a className="btn btn-primary btn-sm" href="/credits">
          {t("chat.buyCredits")}
        </a>
      ) : null}
    </div>
  );
}
