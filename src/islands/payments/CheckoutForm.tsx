import { useId, useState } from "react";
import { discounted, type PaymentMethod } from "../../contract/payment-options";
import type { Locale } from "../../i18n/locales";
import { formatMoney } from "../../i18n/money";
import { ApiRequestError, api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import RadioChoices from "../ui/RadioChoices";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ConsentField from "./ConsentField";

type Props = I18nProps & {
  packageId: number;
  /** The package as the summary names it ("100 credits"). */
  credits: string;
  methods: PaymentMethod[];
  /** The method the URL named (/credits/{id}/{method}), preselected. */
  chosen: PaymentMethod | null;
  /** Whether the first method is preselected (not when the URL named one not offered). */
  preselect?: boolean;
  /** The package's list price, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** The member's own running offer (time bonus, else welcome discount), applied from the start. */
  offer: Applied | null;
};

type Applied = { code: string; percent: number };

/**
 * issue 14: the checkout's order summary, payment method, discount code and pay button. The
 * member's own offer (the time bonus, else the welcome discount) comes applied from the page;
 * the summary's total and the pay button show the same amount, the order's (issue 29 item 2,
 * `discounted` is the order's own rule). The order is made on the server from the package, the method
 * and the code alone (the price is the server's); then the member goes to the provider's
 * checkout; a direct debit goes to its mandate form first (/directdebit). A refusal is said at
 * its field, the choices kept.
 */
export default function CheckoutForm(props: Props) {
  const t = useTranslate(props);
  const locale = props.locale as Locale;
  const [method, setMethod] = useState<PaymentMethod | null>(
    props.chosen ?? (props.preselect === false ? null : (props.methods[0] ?? null)),
  );
  const [typed, setTyped] = useState("");
  const [applied, setApplied] = useState<Applied | null>(props.offer);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { error: useId(), code: useId(), codeError: useId(), summary: useId() };

  const total = applied ? discounted(props.amount, applied.percent) : props.amount;
  const price = formatMoney(locale, total, props.currency);

  async function applyCode() {
    const code = typed.trim();
    if (!code) return;
    setCodeError(null);
    try {
      const found = await api("GET /api/discountcode.php", {
        query: { code },
        retries: 0,
      });
      setApplied({ code: found.code, percent: found.value_percentage });
      setTyped("");
    } catch (caught) {
      setCodeError(
        caught instanceof ApiRequestError
          ? (caught.fields.code ?? caught.message)
          : t("payments.error.unavailable"),
      );
    }
  }

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!method || busy) return;
    if (method === "sdd") {
      // A direct debit needs the member's mandate first: its own form, the code kept.
      const query = new URLSearchParams({ package: String(props.packageId) });
      if (applied) query.set("code", applied.code);
      window.location.assign(`/directdebit?${query}`);
      return;
    }
    if (!consent) {
      setConsentError(t("payments.consent.required"));
      return;
    }
    setConsentError(null);
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      const answer = await api("POST /api/order.php", {
        body: {
          package_id: props.packageId,
          method,
          ...(applied ? { code: applied.code } : {}),
          immediate_performance: consent,
        },
      });
      if (!answer.order.checkout_url) throw new Error("no checkout URL");
      window.location.assign(answer.order.checkout_url);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiRequestError && caught.fields.code) {
        setCodeError(caught.fields.code);
        setApplied(null);
        return;
      }
      if (caught instanceof ApiRequestError && caught.fields.immediate_performance) {
        setConsentError(caught.fields.immediate_performance);
        return;
      }
      setError(
        caught instanceof ApiRequestError
          ? (caught.fields.method ?? caught.message)
          : t("payments.error.unavailable"),
      );
    }
  }

  const summary = (
    <section className="card stack" aria-labelledby={ids.summary}>
      <h2 id={ids.summary}>{t("payments.checkout.summary")}</h2>
      <dl className="order-summary">
        <dt>{t("payments.checkout.package")}</dt>
        <dd>{props.credits}</dd>
        {applied && (
          <>
            <dt>{t("payments.checkout.listPrice")}</dt>
            <dd>
              <s>{formatMoney(locale, props.amount, props.currency)}</s>
            </dd>
            <dt>{t("payments.checkout.discount")}</dt>
            <dd>−{applied.percent} %</dd>
          </>
        )}
        <dt>{t("payments.checkout.total")}</dt>
        <dd className="order-total" aria-live="polite">
          {price}
        </dd>
      </dl>
      <p className="muted">{t("payments.checkout.vatIncluded")}</p>
      <a href="/credits">{t("payments.checkout.otherPackage")}</a>
    </section>
  );
  if (props.methods.length === 0) {
    return (
      <>
        {summary}
        <p className="alert alert-warning">{t("payments.checkout.noMethods")}</p>
      </>
    );
  }

  return (
    <>
      {summary}
      <form
        className="checkout stack"
        onSubmit={pay}
        aria-describedby={error ? ids.error : undefined}
      >
        <fieldset className="method-list">
          <legend>{t("payments.checkout.methods")}</legend>
          <RadioChoices
            name="method"
            className="method-option"
            choices={props.methods.map((name) => ({
              value: name,
              label: t(`payments.method.${name}`),
            }))}
            value={method}
            onChange={setMethod}
          />
        </fieldset>
        <div className="discount-code stack">
          {applied ? (
            <p className="discount-applied" role="status">
              <span className="badge badge-success">
                {t("payments.code.applied", { code: applied.code, percent: applied.percent })}
              </span>{" "}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setApplied(null)}
              >
                {t("payments.code.remove")}
              </button>
            </p>
          ) : (
            <div className="field discount-field">
              <label className="field-label" htmlFor={ids.code}>
                {t("payments.code.label")}
              </label>
              <div className="discount-row">
                <input
                  id={ids.code}
                  className="field-input"
                  value={typed}
                  maxLength={40}
                  autoComplete="off"
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? ids.codeError : undefined}
                  onChange={(event) => setTyped(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      void applyCode();
                    }
                  }}
                />
                <button type="button" className="btn btn-outline" onClick={() => void applyCode()}>
                  {t("payments.code.apply")}
                </button>
              </div>
            </div>
          )}
          {codeError && (
            <p id={ids.codeError} className="field-error" role="alert">
              {codeError}
            </p>
          )}
        </div>
        <ErrorAlert id={ids.error} message={error} />
        {/* A direct debit asks on its mandate form. */}
        {method !== "sdd" && (
          <ConsentField t={t} checked={consent} onChange={setConsent} error={consentError} />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={!method || busy}>
          {busy
            ? t("common.loading")
            : method === "sdd"
              ? t("payments.checkout.continue")
              : t("payments.checkout.pay", { price })}
        </button>
        <p className="muted">
          {method === "sdd"
            ? t("payments.checkout.directDebitNote")
            : t("payments.checkout.redirectNote")}
        </p>
      </form>
    </>
  );
}
