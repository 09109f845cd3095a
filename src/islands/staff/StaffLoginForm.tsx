import { type SubmitEvent, useId } from "react";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
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
  const ids = { email: useId(), password: useId(), totp: useId(), hint: useId() };
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

  const field = (name: "email" | "password" | "totp") => ({
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `${ids[name]}-error` : undefined,
  });
  const fieldError = (name: "email" | "password" | "totp") =>
    fields[name] ? (
      <p id={`${ids[name]}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error} />
      </div>
      <div className="field">
        <label htmlFor={ids.email} className="field-label">
          {t("staff.console.login.email")}
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="username"
          required
          className="field-input"
          {...field("email")}
        />
        {fieldError("email")}
      </div>
      <div className="field">
        <label htmlFor={ids.password} className="field-label">
          {t("staff.console.login.password")}
        </label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="field-input"
          {...field("password")}
        />
        {fieldError("password")}
      </div>
      <div className="field">
        <label htmlFor={ids.totp} className="field-label">
          {t("staff.console.login.code")}
        </label>
        <input
          id={ids.totp}
          name="totp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          className="field-input field-narrow"
          {...field("totp")}
          aria-describedby={[ids.hint, fields.totp ? `${ids.totp}-error` : ""].join(" ").trim()}
        />
        <p id={ids.hint} className="field-hint">
          {t("staff.console.login.codeHint")}
        </p>
        {fieldError("totp")}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("staff.console.login.submitting") : t("staff.console.login.submit")}
      </button>
    </form>
  );
}
