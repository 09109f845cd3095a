import { type SubmitEvent, useId, useRef, useState } from "react";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import TextField from "./TextField";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  /** "request": ask for the e-mail; "reset": set the new password with the link's token. */
  mode: "request" | "reset";
  token?: string;
};

/** spec §2 /reset-password and /reset-password/do. */
export default function PasswordResetForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setError(null);
    setFields({});
    try {
      if (props.mode === "request") {
        await apiFetch("/api/password-reset.php", {
          method: "POST",
          body: { email: value("email") },
        });
        setSentTo(value("email"));
      } else {
        await apiFetch("/api/password-reset.php", {
          method: "PUT",
          body: {
            token: props.token ?? "",
            password: value("password"),
            password_repeat: value("password_repeat"),
          },
        });
        location.assign("/members");
        return;
      }
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setFields(caught.fields);
        if (caught.fields.token) setLinkInvalid(true);
      } else if (caught instanceof ApiRequestError && caught.code === "link_invalid") {
        setLinkInvalid(true);
        setError(caught.message);
      } else {
        setError(
          caught instanceof ApiRequestError && caught.status > 0
            ? caught.message
            : t("error.retry"),
        );
      }
    }
    setBusy(false);
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  if (sentTo) {
    return (
      <div ref={statusRef} tabIndex={-1} className="stack" role="status">
        <h2>{t("reset.sent.title")}</h2>
        <p>{t("reset.sent.text", { email: sentTo })}</p>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        {error ? (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        ) : null}
        {linkInvalid ? (
          <p>
            <a href="/reset-password">{t("reset.do.requestNew")}</a>
          </p>
        ) : null}
      </div>
      {props.mode === "request" ? (
        <TextField
          id={`${id}-email`}
          label={t("reset.email")}
          error={fields.email}
          name="email"
          type="email"
          autoComplete="email"
          required
        />
      ) : (
        <>
          <TextField
            id={`${id}-password`}
            label={t("reset.do.password")}
            error={fields.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            id={`${id}-password_repeat`}
            label={t("reset.do.repeat")}
            error={fields.password_repeat}
            name="password_repeat"
            type="password"
            autoComplete="new-password"
            required
          />
        </>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy
          ? t("reset.submitting")
          : t(props.mode === "request" ? "reset.submit" : "reset.do.submit")}
      </button>
    </form>
  );
}
