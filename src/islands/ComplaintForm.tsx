import { type SubmitEvent, useId, useRef, useState } from "react";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import { complaintCategories } from "../server/content/complaint-categories";
import TextField from "./TextField";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  /** The member's name and address, filled in for a logged-in member. */
  name?: string;
  email?: string;
};

/**
 * The /complaints form: the complaint is stored and e-mailed to the site's support address. On
 * an error the typed text stays in the form.
 */
export default function ComplaintForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState<number | null>(null);
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
      const result = await apiFetch<{ reference: number }>("/api/complaints.php", {
        method: "POST",
        body: {
          name: value("name"),
          email: value("email"),
          category: value("category"),
          message: value("message"),
        },
      });
      setReference(result.reference);
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
    }
    setBusy(false);
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  if (reference !== null) {
    return (
      <div ref={statusRef} tabIndex={-1} role="status" className="alert alert-info">
        {t("complaints.sent", { reference })}
      </div>
    );
  }

  const describedBy = (name: string, hint?: boolean) =>
    [fields[name] ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("complaints.formTitle")}</h2>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        {error ? (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <TextField
        id={`${id}-name`}
        label={t("complaints.name")}
        error={fields.name}
        name="name"
        autoComplete="name"
        defaultValue={props.name}
        maxLength={80}
        required
      />
      <TextField
        id={`${id}-email`}
        label={t("complaints.email")}
        error={fields.email}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={props.email}
        required
      />
      <div className="field">
        <label htmlFor={`${id}-category`} className="field-label">
          {t("complaints.categoryLabel")}
        </label>
        <select
          id={`${id}-category`}
          name="category"
          aria-invalid={fields.category ? true : undefined}
          aria-describedby={describedBy("category")}
        >
          {complaintCategories.map((category) => (
            <option key={category} value={category}>
              {t(`complaints.category.${category}`)}
            </option>
          ))}
        </select>
        {fieldError("category")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`} className="field-label">
          {t("complaints.message")}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={7}
          maxLength={5000}
          required
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={describedBy("message", true)}
        />
        <p id={`${id}-message-hint`} className="field-hint">
          {t("complaints.messageHint")}
        </p>
        {fieldError("message")}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("complaints.submit")}
      </button>
    </form>
  );
}
