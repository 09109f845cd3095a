import { type SubmitEvent, useId, useState } from "react";
import { api } from "../../lib/api-client";
import EmailField from "../ui/EmailField";
import ErrorAlert from "../ui/ErrorAlert";
import PasswordField from "../ui/PasswordField";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  /** "request": ask for the e-mail; "reset": set the new password with the link's token. */
  mode: "request" | "reset";
  token?: string;
};

/** spec §2 /reset-password and /reset-password/do. */
export default function PasswordResetForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const { fields, error, setError, busy, statusRef, run } = useApiForm(t);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    if (props.mode === "request") {
      await run(async () => {
        await api("POST /api/password-reset.php", {
          body: { email: value("email") },
        });
        setSentTo(value("email"));
      });
      return;
    }
    await run(
      async () => {
        await api("PUT /api/password-reset.php", {
          body: {
            token: props.token ?? "",
            password: value("password"),
            password_repeat: value("password_repeat"),
          },
        });
        location.assign("/members");
      },
      {
        navigates: true,
        onApiError: (caught) => {
          if (caught.code === "validation" && caught.fields.token) setLinkInvalid(true);
          if (caught.code !== "link_invalid") return false;
          setLinkInvalid(true);
          setError(caught.message);
          return true;
        },
      },
    );
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
    <form method="post" className="stack" onSubmit={onSubmit} noValidate>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error} />
        {linkInvalid ? (
          <p>
            <a href="/reset-password">{t("reset.do.requestNew")}</a>
          </p>
        ) : null}
      </div>
      {props.mode === "request" ? (
        <EmailField id={`${id}-email`} label={t("reset.email")} error={fields.email} />
      ) : (
        <>
          <PasswordField
            id={`${id}-password`}
            name="password"
            purpose="new"
            label={t("reset.do.password")}
            error={fields.password}
          />
          <PasswordField
            id={`${id}-password_repeat`}
            name="password_repeat"
            purpose="new"
            label={t("reset.do.repeat")}
            error={fields.password_repeat}
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
