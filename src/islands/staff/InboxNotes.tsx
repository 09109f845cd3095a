import { useEffect, useId, useState } from "react";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import { Field } from "../ui/TextField";
import { describeApiError, useApiForm } from "../ui/use-api-form";
import OutcomeStatus from "./OutcomeStatus";

type Props = { t: Translate; conversation: number };

/** The pair's private notes agents keep for each other (name, job, what was said before). */
export default function InboxNotes({ t, conversation }: Props) {
  const [body, setBody] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const form = useApiForm(t);
  const fieldId = useId();
  const path = { params: { conversation } };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation
  useEffect(() => {
    api("GET /api/staff/inbox/{conversation}/notes", path)
      .then((notes) => setBody(notes.body))
      .catch((caught: unknown) => form.setError(describeApiError(caught, t)));
  }, [conversation]);

  async function save() {
    setStatus(null);
    await form.run(async () => {
      const saved = await api("PUT /api/staff/inbox/{conversation}/notes", {
        ...path,
        body: { body: body ?? "" },
      });
      setBody(saved.body);
      setStatus(t("staff.console.inbox.notesSaved"));
    });
  }

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field id={fieldId} label={t("staff.console.inbox.notes")} error={form.fields.body}>
        {(control) => (
          <textarea
            {...control}
            className="field-input"
            rows={4}
            value={body ?? ""}
            disabled={body === null}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <OutcomeStatus statusRef={form.statusRef} error={form.error} status={status} />
      <div>
        <button type="submit" className="btn btn-outline" disabled={form.busy || body === null}>
          {t("staff.console.inbox.saveNotes")}
        </button>
      </div>
    </form>
  );
}
