import { type SubmitEvent, useId, useRef, useState } from "react";
import { ApiRequestError, api } from "../../lib/api-client";
import EmailField from "../ui/EmailField";
import ErrorAlert from "../ui/ErrorAlert";
import PasswordField from "../ui/PasswordField";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  next: string;
  /** An error from a server-side submit (before hydration), and the address typed then. */
  initialError?: string | null;
  /** That error was a ban or suspension (design §13): the ban page is linked. */
  initialSanctioned?: boolean;
  initialEmail?: string;
};

/** The login form (design §6): POST /api/user.php, then on to where the member was going. */
export default function LoginForm(props: Props) {
  const t = useTranslate(props);
  const ids = { email: useId(), password: useId(), error: useId() };
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(props.initialError ?? null);
  const [busy, setBusy] = useState(false);
  /** spec §8: the account is pending deletion; these credentials can reactivate it. */
  const [pendingDeletion, setPendingDeletion] = useState<{
    email: string;
    password: string;
  } | null>(null);
  /** design §13: the account is banned or suspended; the access-ban page says more. */
  const [sanctioned, setSanctioned] = useState(props.initialSanctioned ?? false);
  const errorRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const credentials = {
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
    };
    setBusy(true);
    setError(null);
    setFields({});
    setPendingDeletion(null);
    setSanctioned(false);
    try {
      await api("POST /api/user.php", {
        body: credentials,
        // A login is not retried: a repeat after a wrong password would count twice.
        retries: 0,
      });
      location.assign(props.next);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setFields(caught.fields);
      } else if (caught instanceof ApiRequestError && caught.code === "pending_deletion") {
        setError(caught.message);
        setPendingDeletion(credentials);
      } else if (caught instanceof ApiRequestError && caught.status > 0) {
        setError(caught.message || t("error.generic"));
        setSanctioned(caught.code === "account_banned" || caught.code === "account_suspended");
      } else {
        setError(t("error.retry"));
      }
      // The typed e-mail and password stay in the fields; only the message changes.
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  }

  async function reactivate() {
    if (!pendingDeletion) return;
    setBusy(true);
    try {
      await api("POST /api/reactivate.php", { body: pendingDeletion, retries: 0 });
      location.assign(props.next);
    } catch (caught) {
      setBusy(false);
      setError(describeApiError(caught, t));
    }
  }

  return (
    <form
      className="stack"
      method="post"
      action={`/login?next=${encodeURIComponent(props.next)}`}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? ids.error : undefined}
    >
      <div ref={errorRef} tabIndex={-1} className="form-status">
        <ErrorAlert id={ids.error} message={error} />
        {sanctioned ? <a href={`/${props.locale}/ban`}>{t("login.banInfo")}</a> : null}
        {pendingDeletion ? (
          <button type="button" className="btn btn-secondary btn-block" onClick={reactivate}>
            {t("login.reactivate")}
          </button>
        ) : null}
      </div>
      <EmailField
        id={ids.email}
        label={t("login.email")}
        error={fields.email}
        autoComplete="username"
        inputMode="email"
        defaultValue={props.initialEmail}
      />
      <PasswordField
        id={ids.password}
        label={t("login.password")}
        error={fields.password}
        name="password"
        purpose="current"
        reveal={{ show: t("login.showPassword"), hide: t("login.hidePassword") }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}
