import { useRef, useState } from "react";
import { ApiRequestError, api, isOutcomeUnknown, newIdempotencyKey } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ConsentField from "./ConsentField";

type Props = I18nProps & { price: string };

/**
 * issue 14 repeat order: the one confirmation. Charged at once, the member lands on the order's
 * result; otherwise on the provider's checkout.
 */
export default function RepeatOrderButton(props: Props) {
  const t = useTranslate(props);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  // One repeat order is one intent: pressed again after an unknown outcome (no answer), it is
  // the same order, which the server charges once (issue 25, item 3).
  const key = useRef(newIdempotencyKey());

  async function repeat() {
    if (!consent) {
      setConsentError(t("payments.consent.required"));
      return;
    }
    setConsentError(null);
    setBusy(true);
    setError(null);
    try {
      const { order } = await api("POST /api/repeat-order.php", {
        body: { immediate_performance: consent },
        idempotencyKey: key.current,
      });
      window.location.assign(order.checkout_url ?? `/transactions/${order.id}`);
    } catch (caught) {
      if (!isOutcomeUnknown(caught)) key.current = newIdempotencyKey();
      setBusy(false);
      setError(
        caught instanceof ApiRequestError ? caught.message : t("payments.error.unavailable"),
      );
    }
  }

  return (
    <div className="stack">
      <ErrorAlert message={error} />
      <ConsentField t={t} checked={consent} onChange={setConsent} error={consentError} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy}
        onClick={() => void repeat()}
      >
        {busy ? t("common.loading") : t("payments.repeat.confirm", { price: props.price })}
      </button>
    </div>
  );
}
