import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & { paymentId: string };

const OUTCOMES = [
  { outcome: "paid", label: "payments.sandbox.complete", className: "btn-primary" },
  { outcome: "pending", label: "payments.sandbox.pending", className: "btn-outline" },
  { outcome: "failed", label: "payments.sandbox.fail", className: "btn-outline-danger" },
  { outcome: "canceled", label: "payments.sandbox.cancel", className: "btn-ghost" },
] as const;

/**
 * design §9: the sandbox provider's checkout buttons. Each sets the payment's outcome, as a
 * provider's page does, and sends the member back to the site's result page.
 */
export default function SandboxCheckout(props: Props) {
  const t = useTranslate(props);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish(outcome: (typeof OUTCOMES)[number]["outcome"]) {
    setBusy(true);
    setError(null);
    try {
      const answer = await api("POST /api/sandbox/checkout.php", {
        body: { id: props.paymentId, outcome },
      });
      window.location.assign(answer.redirect_url);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiRequestError ? caught.message : t("payments.error.unavailable"),
      );
    }
  }

  return (
    <div className="sandbox-actions">
      {OUTCOMES.map((entry) => (
        <button
          key={entry.outcome}
          type="button"
          className={`btn btn-block ${entry.className}`}
          disabled={busy}
          onClick={() => void finish(entry.outcome)}
        >
          {t(entry.label)}
        </button>
      ))}
      <ErrorAlert message={error} />
    </div>
  );
}
