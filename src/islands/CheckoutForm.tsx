import { useId, useState } from "react";
import type { OrderAnswer, PaymentMethod } from "../contract/payments";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  packageId: number;
  methods: PaymentMethod[];
  /** The method the URL named (/credits/{id}/{method}), preselected. */
  chosen: PaymentMethod | null;
  /** The price, formatted, for the pay button. */
  price: string;
};

/**
 * issue 14: the checkout's choice of payment method and its pay button. The order is made on
 * the server from the package id and the method alone (the price is the server's), then the
 * member goes to the provider's checkout. A refusal is said beside the button, the choice kept.
 */
export default function CheckoutForm(props: Props) {
  const t = useTranslate(props);
  const [method, setMethod] = useState<PaymentMethod | null>(
    props.chosen ?? props.methods[0] ?? null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!method || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch<OrderAnswer>("/api/order.php", {
        method: "POST",
        body: { package_id: props.packageId, method },
      });
      if (!answer.order.checkout_url) throw new Error("no checkout URL");
      window.location.assign(answer.order.checkout_url);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiRequestError
          ? (caught.fields.method ?? caught.message)
          : t("payments.error.unavailable"),
      );
    }
  }

  return (
    <form className="checkout stack" onSubmit={pay} aria-describedby={error ? errorId : undefined}>
      <fieldset className="method-list">
        <legend>{t("payments.checkout.methods")}</legend>
        {props.methods.map((name) => (
          <label key={name} className="method-option">
            <input
              type="radio"
              name="method"
              value={name}
              checked={method === name}
              onChange={() => setMethod(name)}
            />
            <span>{t(`payments.method.${name}`)}</span>
          </label>
        ))}
      </fieldset>
      {method === "sdd" && <p className="muted">{t("payments.checkout.directDebitNote")}</p>}
      {error && (
        <p id={errorId} className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!method || busy}>
        {busy ? t("common.loading") : t("payments.checkout.pay", { price: props.price })}
      </button>
      <p className="muted">{t("payments.checkout.redirectNote")}</p>
    </form>
  );
}
