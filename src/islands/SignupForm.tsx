import { type SubmitEvent, useId, useRef, useState } from "react";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  minAge: number;
  /** Latest allowed date of birth (ISO), for the date picker's max. */
  maxBirthdate: string;
  /** Told when a signup starts and ends (the signup modal may not close meanwhile). */
  onBusyChange?: (busy: boolean) => void;
};

type FieldName = "email" | "name" | "password" | "date_of_birth";

/**
 * The signup form (spec §2, §3 Signup form draft). On success it turns into the "check your
 * inbox" panel with a resend button; on failure the typed values stay and each field shows its
 * own translated message.
 */
export default function SignupForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const [fields, setFields] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    props.onBusyChange?.(true);
    setError(null);
    setFields({});
    try {
      const result = await apiFetch<{ email: string }>("/api/signup.php", {
        method: "POST",
        body: {
          email: value("email"),
          name: value("name"),
          password: value("password"),
          date_of_birth: value("date_of_birth"),
        },
      });
      setSentTo(result.email);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setFields(caught.fields);
      } else {
        setError(
          caught instanceof ApiRequestError && caught.status > 0
            ? caught.message
            : t("error.retry"),
        );
      }
    } finally {
      setBusy(false);
      props.onBusyChange?.(false);
      requestAnimationFrame(() => statusRef.current?.focus());
    }
  }

  async function resend() {
    if (!sentTo) return;
    setResent(false);
    await apiFetch("/api/activation.php", { method: "POST", body: { email: sentTo } })
      .then(() => setResent(true))
      .catch((caught: unknown) =>
        setError(caught instanceof ApiRequestError ? caught.message : t("error.retry")),
      );
  }

  if (sentTo) {
    return (
      <div ref={statusRef} tabIndex={-1} className="stack check-mail" role="status">
        <h2>{t("signup.checkMail.title")}</h2>
        <p>{t("signup.checkMail.text", { email: sentTo })}</p>
        <button type="button" className="btn btn-outline" onClick={resend}>
          {t("signup.checkMail.resend")}
        </button>
        {resent ? <p className="alert alert-info">{t("signup.checkMail.resent")}</p> : null}
        {error ? (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const field = (name: FieldName, label: string, input: React.ReactNode, hint?: string) => {
    const inputId = `${id}-${name}`;
    return (
      <div className="field">
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        {input}
        {hint ? (
          <p id={`${inputId}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        {fields[name] ? (
          <p id={`${inputId}-error`} className="field-error">
            {fields[name]}
          </p>
        ) : null}
      </div>
    );
  };
  const describedBy = (name: FieldName, hint = false) =>
    [fields[name] ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        {error ? (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        ) : Object.keys(fields).length ? (
          <p className="alert alert-danger" role="alert">
            {t("validation.title")}
          </p>
        ) : null}
      </div>
      {field(
        "email",
        t("signup.email"),
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          className="field-input"
          aria-invalid={fields.email ? true : undefined}
          aria-describedby={describedBy("email")}
        />,
      )}
      {field(
        "name",
        t("signup.name"),
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="nickname"
          required
          maxLength={30}
          className="field-input"
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={describedBy("name", true)}
        />,
        t("signup.nameHint"),
      )}
      {field(
        "password",
        t("signup.password"),
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          className="field-input"
          aria-invalid={fields.password ? true : undefined}
          aria-describedby={describedBy("password", true)}
        />,
        t("signup.passwordHint"),
      )}
      {field(
        "date_of_birth",
        t("signup.dateOfBirth"),
        <input
          id={`${id}-date_of_birth`}
          name="date_of_birth"
          type="date"
          autoComplete="bday"
          required
          max={props.maxBirthdate}
          min="1900-01-01"
          className="field-input"
          aria-invalid={fields.date_of_birth ? true : undefined}
          aria-describedby={describedBy("date_of_birth")}
        />,
      )}
      <p className="field-hint">{t("signup.terms", { min_age: props.minAge })}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("signup.submitting") : t("signup.submit")}
      </button>
    </form>
  );
}
