import { type SubmitEvent, useId, useState } from "react";
import { api } from "../../lib/api-client";
import DateOfBirthField from "../ui/DateOfBirthField";
import EmailField from "../ui/EmailField";
import ErrorAlert from "../ui/ErrorAlert";
import PasswordField from "../ui/PasswordField";
import TaggedText from "../ui/TaggedText";
import TextField, { Field } from "../ui/TextField";
import { describeApiError, useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  minAge: number;
  /** Latest allowed date of birth (ISO): the latest year the date of birth offers. */
  maxBirthdate: string;
  /** On a member's landing: the member the first message (spec §3 signup_message) is for. */
  recipient?: { id: number; name: string };
  /** Told when a signup starts and ends (the signup modal may not close meanwhile). */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * The signup form (spec §2, §3 Signup form draft). On success it turns into the "check your
 * inbox" panel with a resend button; on failure the typed values stay and each field shows its
 * own translated message.
 */
export default function SignupForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const { fields, error, setError, busy, statusRef, run } = useApiForm(t);
  const { recipient } = props;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    props.onBusyChange?.(true);
    await run(async () => {
      const result = await api("POST /api/signup.php", {
        body: {
          email: value("email"),
          name: value("name"),
          password: value("password"),
          date_of_birth: value("date_of_birth"),
          language: props.locale,
          ...(recipient
            ? { signup_message: value("signup_message"), signup_message_to: recipient.id }
            : {}),
        },
      });
      setSentTo(result.email);
    });
    props.onBusyChange?.(false);
  }

  // The legal texts open in a new tab, so a half-filled form (or the signup modal) is not lost.
  const legalLink = (page: "terms" | "privacy") => (words: string) => (
    <a href={`/${props.locale}/${page}`} target="_blank" rel="noopener">
      {words}
      <span className="visually-hidden"> {t("signup.opensInNewTab")}</span>
    </a>
  );

  async function resend() {
    if (!sentTo) return;
    setResent(false);
    await api("POST /api/activation.php", { body: { email: sentTo } })
      .then(() => setResent(true))
      .catch((caught: unknown) => setError(describeApiError(caught, t)));
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
        <ErrorAlert message={error} />
      </div>
    );
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert
          message={error || (Object.keys(fields).length ? t("validation.title") : null)}
        />
      </div>
      <EmailField
        id={`${id}-email`}
        label={t("signup.email")}
        error={fields.email}
        inputMode="email"
      />
      <TextField
        id={`${id}-name`}
        label={t("signup.name")}
        hint={t("signup.nameHint")}
        error={fields.name}
        name="name"
        autoComplete="nickname"
        required
        maxLength={30}
      />
      <PasswordField
        id={`${id}-password`}
        name="password"
        purpose="new"
        label={t("signup.password")}
        hint={t("signup.passwordHint")}
        error={fields.password}
        minLength={8}
        maxLength={128}
      />
      <DateOfBirthField
        id={`${id}-date_of_birth`}
        name="date_of_birth"
        legend={t("signup.dateOfBirth")}
        locale={props.locale}
        t={t}
        error={fields.date_of_birth}
        min="1900-01-01"
        max={props.maxBirthdate}
      />
      {recipient ? (
        <Field
          id={`${id}-signup_message`}
          label={t("memberLanding.messageLabel", { name: recipient.name })}
          hint={t("memberLanding.messageHint")}
          error={fields.signup_message}
        >
          {(control) => (
            <textarea
              name="signup_message"
              rows={3}
              maxLength={2000}
              placeholder={t("memberLanding.messagePlaceholder", { name: recipient.name })}
              {...control}
            />
          )}
        </Field>
      ) : null}
      <p className="field-hint">
        <TaggedText
          text={t("signup.terms", { min_age: props.minAge })}
          tags={{ terms: legalLink("terms"), privacy: legalLink("privacy") }}
        />
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("signup.submitting") : t("signup.submit")}
      </button>
    </form>
  );
}
