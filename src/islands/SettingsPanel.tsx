import { type SubmitEvent, useId, useState } from "react";
import type { MemberSettings } from "../contract/users";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import { showToast } from "../stores/toasts";
import TextField from "./TextField";
import { describeApiError } from "./use-api-form";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  initial: MemberSettings;
  siteName: string;
  /** The company's retention offer in percent (spec §3 Company info delete_discount). */
  deleteDiscount: number;
  reactivationDays: number;
  categories: readonly MemberSettings["notifications_disabled"][number][];
};

/** spec §2 Settings: password, invisible mode, e-mail notifications and e-mail delivery. */
export default function SettingsPanel(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const [settings, setSettings] = useState(props.initial);
  const [passwordFields, setPasswordFields] = useState<Record<string, string>>({});
  const [passwordDone, setPasswordDone] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [emailSentTo, setEmailSentTo] = useState<string | null>(null);

  function failed(caught: unknown) {
    showToast(describeApiError(caught, t), "danger");
  }

  async function save(update: Record<string, unknown>, section: string): Promise<boolean> {
    setBusy(section);
    try {
      setSettings(
        await apiFetch<MemberSettings>("/api/notifications.php", { method: "PUT", body: update }),
      );
      showToast(
        update.email_enabled ? t("settings.sources.enabled") : t("settings.saved"),
        "success",
      );
      return true;
    } catch (caught) {
      failed(caught);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function changePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy("password");
    setPasswordFields({});
    setPasswordDone(false);
    try {
      await apiFetch("/api/password.php", {
        method: "PUT",
        body: {
          old_password: String(form.get("old_password") ?? ""),
          password: String(form.get("password") ?? ""),
          password_repeat: String(form.get("password_repeat") ?? ""),
        },
      });
      formElement.reset();
      setPasswordDone(true);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setPasswordFields(caught.fields);
      } else failed(caught);
    } finally {
      setBusy(null);
    }
  }

  async function changeEmail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setBusy("email");
    setEmailError(null);
    setEmailSentTo(null);
    try {
      await apiFetch("/api/mail-change.php", { method: "POST", body: { email } });
      setEmailSentTo(email);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setEmailError(caught.fields.email ?? caught.message);
      } else failed(caught);
    } finally {
      setBusy(null);
    }
  }

  async function deleteAccount(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy("delete");
    setDeleteError(null);
    try {
      await apiFetch("/api/account-delete.php", { method: "POST", body: { password } });
      location.assign("/account-deleted");
      return;
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "validation") {
        setDeleteError(caught.fields.password ?? caught.message);
      } else failed(caught);
    }
    setBusy(null);
  }

  /** The box follows the click at once; it flips back if saving fails. */
  function toggleInvisible(invisible: boolean) {
    const previous = settings;
    setSettings({ ...settings, invisible });
    void save({ invisible }, "privacy").then((saved) => {
      if (!saved) setSettings(previous);
    });
  }

  function saveNotifications(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const wanted = new Set(form.getAll("receive").map(String));
    void save(
      { notifications_disabled: props.categories.filter((category) => !wanted.has(category)) },
      "notifications",
    );
  }

  const reason = settings.email_disabled_reason;

  return (
    <div className="settings-grid">
      <section className="card stack" aria-labelledby={`${id}-notifications-title`}>
        <h2 id={`${id}-notifications-title`}>{t("settings.notifications.heading")}</h2>
        <form className="stack" onSubmit={saveNotifications}>
          <fieldset className="checkbox-list">
            <legend>{t("settings.notifications.lead")}</legend>
            {props.categories.map((category) => (
              <label key={category} className="checkbox">
                <input
                  type="checkbox"
                  name="receive"
                  value={category}
                  defaultChecked={!settings.notifications_disabled.includes(category)}
                />
                <span>{t(`settings.notifications.${category}`, { site: props.siteName })}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="btn btn-primary"
            aria-disabled={busy === "notifications"}
          >
            {t("settings.save")}
          </button>
        </form>
      </section>

      <section className="card stack" aria-labelledby={`${id}-sources-title`}>
        <h2 id={`${id}-sources-title`}>{t("settings.sources.heading")}</h2>
        {reason ? (
          <>
            <p className="alert alert-warning">
              {t(`settings.sources.${reason}`, { email: settings.email })}
            </p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => save({ email_enabled: true }, "sources")}
            >
              {t("settings.sources.enable")}
            </button>
          </>
        ) : (
          <p>{t("settings.sources.ok", { email: settings.email })}</p>
        )}
      </section>

      <section className="card stack" aria-labelledby={`${id}-privacy-title`}>
        <h2 id={`${id}-privacy-title`}>{t("settings.privacy.heading")}</h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.invisible}
            aria-describedby={`${id}-invisible-hint`}
            onChange={(event) => toggleInvisible(event.currentTarget.checked)}
          />
          <span>{t("settings.invisible.label")}</span>
        </label>
        <p id={`${id}-invisible-hint`} className="field-hint">
          {t("settings.invisible.hint")}
        </p>
      </section>

      <section className="card stack" aria-labelledby={`${id}-email-title`}>
        <h2 id={`${id}-email-title`}>{t("settings.email.heading")}</h2>
        <p>{t("settings.email.current", { email: settings.email })}</p>
        <form className="stack" onSubmit={changeEmail} noValidate>
          <TextField
            id={`${id}-email`}
            label={t("settings.email.new")}
            error={emailError}
            name="email"
            type="email"
            autoComplete="email"
            required
          />
          {emailSentTo ? (
            <p className="alert alert-info" role="status">
              {t("settings.email.sent", { email: emailSentTo })}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" aria-disabled={busy === "email"}>
            {t("settings.email.submit")}
          </button>
        </form>
      </section>

      <section className="card stack" aria-labelledby={`${id}-export-title`}>
        <h2 id={`${id}-export-title`}>{t("settings.export.heading")}</h2>
        <p>{t("settings.export.text")}</p>
        <a className="btn btn-outline" href="/api/export.php" download>
          {t("settings.export.button")}
        </a>
      </section>

      <section className="card stack" aria-labelledby={`${id}-password-title`}>
        <h2 id={`${id}-password-title`}>{t("settings.password.heading")}</h2>
        <form className="stack" onSubmit={changePassword} noValidate>
          <TextField
            id={`${id}-old_password`}
            label={t("settings.password.old")}
            error={passwordFields.old_password}
            name="old_password"
            type="password"
            autoComplete="current-password"
            required
          />
          <TextField
            id={`${id}-password`}
            label={t("settings.password.new")}
            error={passwordFields.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            id={`${id}-password_repeat`}
            label={t("settings.password.repeat")}
            error={passwordFields.password_repeat}
            name="password_repeat"
            type="password"
            autoComplete="new-password"
            required
          />
          {passwordDone ? (
            <p className="alert alert-info" role="status">
              {t("settings.password.saved")}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" aria-disabled={busy === "password"}>
            {t("settings.password.submit")}
          </button>
        </form>
      </section>
      <section className="card stack danger-zone" aria-labelledby={`${id}-delete-title`}>
        <h2 id={`${id}-delete-title`}>{t("settings.delete.heading")}</h2>
        <p>{t("settings.delete.text", { days: props.reactivationDays })}</p>
        {deleting ? (
          <form className="stack" onSubmit={deleteAccount} noValidate>
            {props.deleteDiscount > 0 ? (
              <p className="alert alert-info">
                {t("settings.delete.offer", { discount: props.deleteDiscount })}
              </p>
            ) : null}
            <TextField
              id={`${id}-delete-password`}
              label={t("settings.delete.password")}
              error={deleteError}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <div className="cluster">
              <button type="button" className="btn btn-primary" onClick={() => setDeleting(false)}>
                {t("settings.delete.keep")}
              </button>
              <button type="submit" className="btn btn-danger" aria-disabled={busy === "delete"}>
                {t("settings.delete.confirm")}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => setDeleting(true)}
          >
            {t("settings.delete.start")}
          </button>
        )}
      </section>
    </div>
  );
}
