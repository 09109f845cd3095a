import { useLayoutEffect, useRef, useState } from "react";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { ApiRequestError } from "../../lib/api-client";

/**
 * The message for a failed call: the server's translated message, or 'try again' when the
 * server was not reached at all (`fallback`: an island's own wording of it).
 */
export function describeApiError(
  caught: unknown,
  t: Translate,
  fallback: MessageKey = "error.retry",
): string {
  return caught instanceof ApiRequestError && caught.status > 0 ? caught.message : t(fallback);
}

type RunOptions = {
  /** Handles an API error itself (returns true), before the default handling. */
  onApiError?: (caught: ApiRequestError) => boolean;
  /** The action leaves the page on success: stay busy, so the form is not sent twice. */
  navigates?: boolean;
  /** The action moves focus itself on success (a wizard's next step), or the control the
   * member used stays where it is (a checkbox, a save button): leave focus alone. */
  keepsFocus?: boolean;
};

/**
 * The outcome a form posted without JavaScript (before its island hydrated) was rendered with:
 * the server's field messages or its general message, shown until the next send.
 */
export type InitialOutcome = { fields?: Record<string, string>; error?: string | null };

/** Where focus goes once the outcome is rendered. */
type FocusTarget = "status" | "invalid-field";

/**
 * The state of a form that sends one API call: per-field messages from a 422 (design §6), one
 * general message otherwise, busy while sending, and focus where a keyboard or screen reader
 * user needs it afterwards: the first field with a message after a 422, else the status area,
 * so the outcome is heard. The typed values stay in the fields: the form is not re-mounted.
 *
 * The status area (`statusRef`) sits inside the form; the first control marked
 * `aria-invalid="true"` in that form is the one focused after a 422.
 */
export function useApiForm(t: Translate, initial: InitialOutcome = {}) {
  const [fields, setFields] = useState<Record<string, string>>(initial.fields ?? {});
  const [error, setError] = useState<string | null>(initial.error ?? null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  // A ref as well as state: a second submit in the same tick must see the first one running.
  const running = useRef(false);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);

  // After the render that shows the outcome, so the marked fields and the message exist.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    const status = statusRef.current;
    const invalid =
      focusRequest.target === "invalid-field"
        ? status?.closest("form")?.querySelector<HTMLElement>('[aria-invalid="true"]')
        : null;
    (invalid ?? status)?.focus();
  }, [focusRequest]);

  /** Shows field messages found before calling the server (two passwords that differ). */
  function refuse(messages: Record<string, string>): void {
    setError(null);
    setFields(messages);
    setFocusRequest({ target: "invalid-field" });
  }

  /**
   * Runs the form's action (the call and what follows from its answer) with that handling.
   * Resolves to whether it succeeded; a run while one is under way is ignored (false).
   */
  async function run(action: () => Promise<void>, options: RunOptions = {}): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
      if (!options.navigates) {
        running.current = false;
        setBusy(false);
      }
      if (!options.keepsFocus) setFocusRequest({ target: "status" });
      return true;
    } catch (caught) {
      let target: FocusTarget = "status";
      if (caught instanceof ApiRequestError && options.onApiError?.(caught)) {
        // handled by the form
      } else if (caught instanceof ApiRequestError && caught.code === "validation") {
        setFields(caught.fields);
        target = "invalid-field";
      } else {
        setError(describeApiError(caught, t));
      }
      running.current = false;
      setBusy(false);
      setFocusRequest({ target });
      return false;
    }
  }

  return { fields, error, setError, busy, statusRef, run, refuse };
}
