import { type ComponentProps, type SubmitEvent, useEffect, useId, useState } from "react";
import type { DirectDebitCodeSent } from "../../contract/payments";
import { type ApiRequestError, api } from "../../lib/api-client";
import TextField from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ConsentField from "./ConsentField";

type Props = I18nProps & {
  packageId: number;
  /** A discount code the checkout applied, sent along (the server checks it again). */
  code: string | null;
  /** The total to pay, formatted (the server's price, with the discount). */
  price: string;
  /** The seller the mandate is given to (spec §3 Company info). */
  creditor: string;
};

/**
 * The mandate's words with the creditor in them: a name that ends its own sentence keeps one
 * full stop ("… drawn by Amora Media B.V." not "B.V..", issue 29 item 19).
 */
export function mandateText(text: string, creditor: string): string {
  return creditor.endsWith(".") ? text.replaceAll(`${creditor}.`, creditor) : text;
}

/** The mandate's fields, as the member typed them: kept across both steps and every refusal. */
type Details = {
  holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
};

const EMPTY: Details = {
  holder: "",
  iban: "",
  street: "",
  house_number: "",
  zip: "",
  city: "",
  phone: "",
};

/**
 * issue 14 /directdebit (spec §3 Direct-debit form, §5): the mandate details and the mandate
 * checkbox; then the code texted to the member's mobile, which signs the mandate and pays. Every
 * refusal is said where it belongs (a field, or above the form: 'blocked for direct debit',
 * 'limit reached'), and what was typed stays.
 */
export default function DirectDebitForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const { fields, error, busy, statusRef, run } = useApiForm(t);
  const [details, setDetails] = useState<Details>(EMPTY);
  const [mandate, setMandate] = useState(false);
  const [consent, setConsent] = useState(false);
  const [sent, setSent] = useState<DirectDebitCodeSent | null>(null);
  const [otp, setOtp] = useState("");
  const [refused, setRefused] = useState(false);
  // The code step opens with its field focused: the member's next move is to type the code.
  useEffect(() => {
    if (sent) document.getElementById(`${id}-otp`)?.focus();
  }, [sent, id]);

  /** A mandate field's value, its change and its refusal: what every detail field is given. */
  const bindDetail = (name: keyof Details) => ({
    value: details[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDetails((current) => ({ ...current, [name]: event.target.value })),
    error: fields[name],
  });

  /** A mandate detail's required field, labelled by its catalogue key under payments.directDebit. */
  const detailField = (
    name: keyof Details,
    label: "holder" | "iban" | "street" | "houseNumber" | "zip" | "city" | "phone",
    input: Omit<ComponentProps<typeof TextField>, "id" | "label" | "value" | "onChange">,
  ) => (
    <TextField
      id={`${id}-${name}`}
      label={t(`payments.directDebit.${label}`)}
      {...bindDetail(name)}
      required
      {...input}
    />
  );

  /** Blocked or over the limit: no code will help, another method will (the message stays). */
  function noteRefusal(caught: ApiRequestError): boolean {
    if (caught.code === "direct_debit_blocked" || caught.code === "direct_debit_limit") {
      setRefused(true);
    }
    return false;
  }

  async function sendCode() {
    setRefused(false);
    await run(
      async () => {
        const answer = await api("POST /api/directdebit.php", {
          body: {
            package_id: props.packageId,
            ...(props.code ? { code: props.code } : {}),
            ...details,
            mandate,
            immediate_performance: consent,
          },
        });
        setOtp("");
        setSent(answer);
      },
      {
        keepsFocus: true,
        onApiError: noteRefusal,
      },
    );
  }

  async function onDetails(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await sendCode();
  }

  async function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sent) return;
    setRefused(false);
    await run(
      async () => {
        const answer = await api("POST /api/directdebit-confirm.php", {
          body: { mandate: sent.mandate, otp },
        });
        window.location.assign(`/transactions/${answer.order.id}`);
      },
      {
        navigates: true,
        onApiError: noteRefusal,
      },
    );
  }

  const status = (
    <div ref={statusRef} tabIndex={-1} className="form-status">
      {error ? (
        <div className="alert alert-danger stack" role="alert">
          <p>{error}</p>
          {refused ? (
            <p>
              <a href={`/credits/${props.packageId}`}>
                {t("payments.directDebit.error.otherMethod")}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );

  if (sent) {
    return (
      <form method="post" className="card stack direct-debit" onSubmit={onCode} noValidate>
        {status}
        <p role="status">
          {t("payments.directDebit.codeSent", { phone: sent.phone, minutes: sent.minutes })}
        </p>
        <div className="otp">
          <TextField
            id={`${id}-otp`}
            label={t("payments.directDebit.otp")}
            error={fields.otp ?? fields.mandate}
            name="otp"
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\D/g, "").slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("common.loading") : t("payments.directDebit.confirm", { price: props.price })}
        </button>
        <div className="result-actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void sendCode()}
          >
            {t("payments.directDebit.newCode")}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => setSent(null)}
          >
            {t("payments.directDebit.change")}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form method="post" className="card stack direct-debit" onSubmit={onDetails} noValidate>
      {status}
      <fieldset className="stack">
        <legend>{t("payments.directDebit.account")}</legend>
        {detailField("holder", "holder", { autoComplete: "name", maxLength: 70 })}
        {detailField("iban", "iban", {
          hint: t("payments.directDebit.ibanHint"),
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 50,
        })}
      </fieldset>
      <fieldset className="stack">
        <legend>{t("payments.directDebit.address")}</legend>
        <div className="field-row">
          {detailField("street", "street", { autoComplete: "address-line1", maxLength: 100 })}
          {detailField("house_number", "houseNumber", { maxLength: 12 })}
        </div>
        <div className="field-row">
          {detailField("zip", "zip", { autoComplete: "postal-code", maxLength: 12 })}
          {detailField("city", "city", { autoComplete: "address-level2", maxLength: 60 })}
        </div>
        {detailField("phone", "phone", {
          hint: t("payments.directDebit.phoneHint"),
          type: "tel",
          autoComplete: "tel",
          maxLength: 30,
        })}
      </fieldset>
      <div className="field">
        <label className="checkbox mandate">
          <input
            type="checkbox"
            checked={mandate}
            onChange={(event) => setMandate(event.target.checked)}
            aria-invalid={fields.mandate ? true : undefined}
            aria-describedby={fields.mandate ? `${id}-mandate-error` : undefined}
          />
          <span>
            {mandateText(
              t("payments.directDebit.mandate", { creditor: props.creditor }),
              props.creditor,
            )}
          </span>
        </label>
        {fields.mandate ? (
          <p id={`${id}-mandate-error`} className="field-error">
            {fields.mandate}
          </p>
        ) : null}
      </div>
      <ConsentField
        t={t}
        checked={consent}
        onChange={setConsent}
        error={fields.immediate_performance ?? null}
      />
      {fields.code || fields.method ? (
        <p className="alert alert-warning">{fields.code ?? fields.method}</p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("common.loading") : t("payments.directDebit.sendCode")}
      </button>
    </form>
  );
}
