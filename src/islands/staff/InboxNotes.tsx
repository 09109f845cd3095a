import { useEffect, useId, useState } from "react";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";

type Props = { t: Translate; conversation: number };

/** The pair's private notes agents keep for each other (name, job, what was said before). */
export default function InboxNotes({ t, conversation }: Props) {
  const [body, setBody] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const path = { params: { conversation } };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation
  useEffect(() => {
    api("GET /api/staff/inbox/{conversation}/notes", path)
      .then((notes) => setBody(notes.body))
      .catch((caught: unknown) => setError(describeApiError(caught, t)));
  }, [conversation]);

  async function save() {
    setBusy(true);
    setStatus(null);
    try {
      const saved = await api("PUT /api/staff/inbox/{conversation}/notes", {
        ...path,
        body: { body: body ?? "" },
      });
      setBody(saved.body);
      setError(null);
      setStatus(t("staff.console.inbox.notesSaved"));
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor={fieldId}>{t("staff.console.inbox.notes")}</label>
        <textarea
          id={fieldId}
          rows={4}
          value={body ?? ""}
          disabled={body === null}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      <ErrorAlert message={error} />
      {status ? <p role="status">{status}</p> : null}
      <div>
        <button type="submit" className="btn btn-outline" disabled={busy || body === null}>
          {t("staff.console.inbox.saveNotes")}
        </button>
      </div>
    </form>
  );
}
