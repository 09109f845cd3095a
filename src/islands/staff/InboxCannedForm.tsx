import { useId, useState } from "react";
import type { CannedAnswer } from "../../contract/staff-inbox";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import TextField, { Field } from "../ui/TextField";
import { describeApiError } from "../ui/use-api-form";

type Props = {
  t: Translate;
  /** The member's language: the new answer is offered in its conversations. */
  language: string;
  onAdded: (answer: CannedAnswer) => void;
};

/** Adds a canned answer in the member's language, for every agent (audited). */
export default function InboxCannedForm({ t, language, onAdded }: Props) {
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  async function save() {
    setBusy(true);
    setStatus(null);
    try {
      const added = await api("POST /api/staff/inbox/canned", { body: { language, title, body } });
      onAdded(added);
      setTitle("");
      setBody("");
      setError(null);
      setStatus(t("staff.console.inbox.cannedAdded"));
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details>
      <summary>{t("staff.console.inbox.cannedAdd")}</summary>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          id={titleId}
          label={t("staff.console.inbox.cannedTitle")}
          value={title}
          maxLength={80}
          required
          onChange={(event) => setTitle(event.target.value)}
        />
        <Field id={bodyId} label={t("staff.console.inbox.cannedBody")}>
          {(control) => (
            <textarea
              {...control}
              className="field-input"
              rows={3}
              value={body}
              maxLength={2000}
              required
              onChange={(event) => setBody(event.target.value)}
            />
          )}
        </Field>
        <ErrorAlert message={error} />
        {status ? <p role="status">{status}</p> : null}
        <div>
          <button type="submit" className="btn btn-outline" disabled={busy}>
            {t("staff.console.inbox.cannedSave")}
          </button>
        </div>
      </form>
    </details>
  );
}
