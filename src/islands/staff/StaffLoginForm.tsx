import { type SubmitEvent, useId } from "react";
import { api } from "../../lib/api-client";
import EmailField from "../ui/EmailField";
import ErrorAlert from "../ui/ErrorAlert";
import PasswordField from "../ui/PasswordField";
import TextField from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  /** Where to go once signed in: a same-site path the page checked. */
  next: string;
};

/**
 * design §13: the console's sign-in, with password and the authenticator app's code. The
 * server's messages are translated (wrong credentials, locked out for N minutes, disabled);
 * what was typed stays in the fields after an error.
 */
export default function StaffLoginForm(props: Props) {
  const t = useTranslate(props);
  const ids = { email: useId(), password: useId(), totp: useId() };
  const { fields, error, busy, statusRef, run } = useApiForm(t);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      email: String(data.get("email") ?? "").trim(),
      password: String(data.get("password") ?? ""),
      totp: String(data.get("totp") ?? "").replace(/\s/g, ""),
    };
    await run(
      async () => {
        // Not retried: a repeat would count as a second failure, and a code is used once.
        await api("POST /api/staff/login", { body, retries: 0 });
        location.assign(props.next);
      },
      { navigates: true },
    );
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error} />
      </div>
      <EmailField
        id={ids.email}
        label={t("staff.console.login.email")}
        error={fields.email}
        autoComplete="username"
      />
      <PasswordField
        id={ids.password}
        label={t("staff.console.login.password")}
        error={fields.password}
        name="password"
        purpose="current"
      />
      <TextField
        id={ids.totp}
        label={t("staff.console.login.code")}
        hint={t("staff.console.login.codeHint")}
        error={fields.totp}
        narrow
        name="totp"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("staff.console.login.submitting") : t("staff.console.login.submit")}
      </button>
    </form>
  );
}
