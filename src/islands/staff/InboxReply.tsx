import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type {
  CannedAnswer,
  InboxConversationAnswer,
  InboxMessage,
} from "../../contract/staff-inbox";
import type { Translate } from "../../i18n/translate";
import { ApiRequestError, api, newIdempotencyKey } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { Field } from "../ui/TextField";
import { describeApiError } from "../ui/use-api-form";
import InboxCannedForm from "./InboxCannedForm";
import InboxCannedList from "./InboxCannedList";

type Props = {
  t: Translate;
  conversation: number;
  /** The member's language: the canned answers offered are in it. */
  language: string;
  /** The text being written, kept by the conversation so a failed send loses nothing. */
  draft: string;
  setDraft: (text: string) => void;
  onSent: (message: InboxMessage, claim: InboxConversationAnswer["claim"]) => void;
  /**
   * The claim is gone (ran out, or another took it): the conversation reads it again and shows
   * why (`message`), as this form goes until the agent claims again.
   */
  onLostClaim: (message: string) => void;
};

/** At most one typing signal this often (the member's page shows it for a few seconds). */
const TYPING_EVERY_MS = 4000;

/**
 * The agent's answer as the profile, with the canned answers of the member's language: the
 * "Canned answers" button (or Alt+C in the text) opens a list walked with the arrow keys, Enter
 * inserts the answer at the cursor, Escape closes it. A send that fails keeps the text; a retry
 * of the same text reuses its Idempotency-Key, so it is sent once.
 */
export default function InboxReply(props: Props) {
  const { t, conversation, draft, setDraft } = props;
  const [canned, setCanned] = useState<CannedAnswer[]>([]);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const lastTyping = useRef(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const listId = useId();

  useEffect(() => {
    api("GET /api/staff/inbox/canned", { query: { language: props.language } })
      .then((answer) => setCanned(answer.items))
      .catch(() => setCanned([]));
  }, [props.language]);

  function edit(text: string) {
    setDraft(text);
    key.current = null;
    const now = Date.now();
    if (now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      api("POST /api/staff/inbox/{conversation}/typing", {
        params: { conversation },
        retries: 0,
      }).catch(() => {});
    }
  }

  function openList() {
    if (canned.length === 0) return;
    setActive(0);
    setListOpen(true);
    requestAnimationFrame(() => list.current?.focus());
  }

  function insert(answer: CannedAnswer) {
    const element = field.current;
    const start = element?.selectionStart ?? draft.length;
    const end = element?.selectionEnd ?? draft.length;
    edit(draft.slice(0, start) + answer.body + draft.slice(end));
    setListOpen(false);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + answer.body.length, start + answer.body.length);
    });
  }

  function onListKey(event: KeyboardEvent<HTMLDivElement>) {
    const chosen = canned[active];
    if (event.key === "ArrowDown") setActive((active + 1) % canned.length);
    else if (event.key === "ArrowUp") setActive((active - 1 + canned.length) % canned.length);
    else if (event.key === "Home") setActive(0);
    else if (event.key === "End") setActive(canned.length - 1);
    else if ((event.key === "Enter" || event.key === " ") && chosen) insert(chosen);
    else if (event.key === "Escape") {
      setListOpen(false);
      field.current?.focus();
    } else return;
    event.preventDefault();
  }

  async function send() {
    if (draft.trim() === "") return;
    key.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const answer = await api("POST /api/staff/inbox/{conversation}/reply", {
        params: { conversation },
        body: { text: draft },
        idempotencyKey: key.current,
      });
      key.current = null;
      setDraft("");
      setError(null);
      props.onSent(answer.message, answer.claim);
    } catch (caught) {
      const message = describeApiError(caught, t);
      if (
        caught instanceof ApiRequestError &&
        (caught.code === "inbox_claim_expired" || caught.code === "inbox_not_claimed")
      ) {
        props.onLostClaim(message);
      } else {
        setError(message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Field id={fieldId} label={t("staff.console.inbox.reply")}>
          {(control) => (
            <textarea
              {...control}
              ref={field}
              className="field-input"
              rows={4}
              value={draft}
              onChange={(event) => edit(event.target.value)}
              onKeyDown={(event) => {
                if (event.altKey && event.code === "KeyC") {
                  event.preventDefault();
                  openList();
                }
              }}
            />
          )}
        </Field>
        <ErrorAlert message={error} />
        <div className="cluster">
          <button type="submit" className="btn" disabled={busy || draft.trim() === ""}>
            {busy ? t("staff.console.inbox.sending") : t("staff.console.inbox.send")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            aria-haspopup="listbox"
            aria-expanded={listOpen}
            aria-controls={listId}
            aria-keyshortcuts="Alt+C"
            disabled={canned.length === 0}
            onClick={() => (listOpen ? setListOpen(false) : openList())}
          >
            {t("staff.console.inbox.canned")}
          </button>
        </div>
        <div
          id={listId}
          ref={list}
          role="listbox"
          tabIndex={-1}
          hidden={!listOpen}
          aria-label={t("staff.console.inbox.canned")}
          aria-activedescendant={listOpen ? `${listId}-${active}` : undefined}
          onKeyDown={onListKey}
          className="staff-canned"
        >
          {canned.map((answer, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the list's keys choose (onListKey)
            <div
              key={answer.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onClick={() => insert(answer)}
            >
              <strong>{answer.title}</strong> <span className="muted">{answer.body}</span>
            </div>
          ))}
        </div>
      </form>
      <InboxCannedForm
        t={t}
        language={props.language}
        onAdded={(answer) => setCanned((current) => [...current, answer])}
      />
      <InboxCannedList
        t={t}
        answers={canned}
        onRemoved={(id) => setCanned((current) => current.filter((answer) => answer.id !== id))}
      />
    </>
  );
}
