import { type SubmitEvent, useId, useState } from "react";
import { type ComplaintCategory, complaintCategories } from "../../contract/complaint-categories";
import type { PostedComplaint } from "../../contract/content";
import { api } from "../../lib/api-client";
import EmailField from "../ui/EmailField";
import ErrorAlert from "../ui/ErrorAlert";
import TextField, { Field } from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  /** The member's name and address, filled in for a logged-in member. */
  name?: string;
  email?: string;
  /** A complaint posted before the island hydrated: what was typed and the page's answer. */
  posted?: PostedComplaint | undefined;
};

/**
 * The /complaints form: the complaint is stored and e-mailed to the site's support address. On
 * an error the typed text stays in the form. Before it hydrates (on a slow phone, a tap as the
 * page shows) the form posts to the page itself, which answers the same way: the complaint is
 * never put in the address, nor lost.
 */
export default function ComplaintForm(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const { posted } = props;
  const { fields, error, busy, statusRef, run } = useApiForm(t, posted);
  const [reference, setReference] = useState<number | null>(posted?.reference ?? null);
  const typed = posted?.values;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    await run(async () => {
      const result = await api("POST /api/complaints.php", {
        body: {
          name: value("name"),
          email: value("email"),
          // The select offers only these; anything else would be the server's 422.
          category: value("category") as ComplaintCategory,
          message: value("message"),
        },
      });
      setReference(result.reference);
    });
  }

  if (reference !== null) {
    return (
      <div ref={statusRef} tabIndex={-1} role="status" className="alert alert-info">
        {t("complaints.sent", { reference })}
      </div>
    );
  }

  return (
    <form
      className="stack"
      method="post"
      action="/complaints"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("complaints.formTitle")}</h2>
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error} />
      </div>
      <TextField
        id={`${id}-name`}
        label={t("complaints.name")}
        error={fields.name}
        name="name"
        autoComplete="name"
        defaultValue={typed?.name ?? props.name}
        maxLength={80}
        required
      />
      <EmailField
        id={`${id}-email`}
        label={t("complaints.email")}
        error={fields.email}
        defaultValue={typed?.email ?? props.email}
      />
      <Field id={`${id}-category`} label={t("complaints.categoryLabel")} error={fields.category}>
        {(control) => (
          <select name="category" defaultValue={typed?.category} {...control}>
            {complaintCategories.map((category) => (
              <option key={category} value={category}>
                {t(`complaints.category.${category}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${id}-message`}
        label={t("complaints.message")}
        hint={t("complaints.messageHint")}
        error={fields.message}
      >
        {(control) => (
          <textarea
            name="message"
            rows={7}
            maxLength={5000}
            required
            defaultValue={typed?.message}
            {...control}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("complaints.submit")}
      </button>
    </form>
  );
}
