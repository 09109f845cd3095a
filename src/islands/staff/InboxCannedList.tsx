import { useRef, useState } from "react";
import type { CannedAnswer } from "../../contract/staff-inbox";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";

type Props = {
  t: Translate;
  /** The canned answers of the member's language, as the reply offers them. */
  answers: CannedAnswer[];
  onRemoved: (id: number) => void;
};

/**
 * The canned answers of a language, each with a button that removes it for every agent
 * (audited with its text). The outcome is announced and takes the focus of the gone button.
 */
export default function InboxCannedList({ t, answers, onRemoved }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  async function remove(answer: CannedAnswer) {
    setBusy(answer.id);
    try {
      await api("DELETE /api/staff/inbox/canned/{id}", { params: { id: answer.id } });
      onRemoved(answer.id);
      setError(null);
      setStatus(t("staff.console.inbox.cannedRemoved", { title: answer.title }));
    } catch (caught) {
      setStatus(null);
      setError(describeApiError(caught, t));
    } finally {
      setBusy(null);
      statusRef.current?.focus();
    }
  }

  return (
    <details>
      <summary>{t("staff.console.inbox.cannedManage")}</summary>
      <div className="stack">
        <div ref={statusRef} tabIndex={-1} className="form-status">
          <ErrorAlert message={error} />
          {status ? <p role="status">{status}</p> : null}
        </div>
        {answers.length === 0 ? (
          <p className="muted">{t("staff.console.inbox.cannedNone")}</p>
        ) : (
          <ul className="staff-canned-list">
            {answers.map((answer) => (
              <li key={answer.id}>
                <strong>{answer.title}</strong> <span className="muted">{answer.body}</span>{" "}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy !== null}
                  onClick={() => void remove(answer)}
                >
                  {t("staff.console.inbox.cannedRemove", { title: answer.title })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
