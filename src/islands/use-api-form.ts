import { useRef, useState } from "react";
import type { Translate } from "../i18n/translate";
import { ApiRequestError } from "../lib/api-client";

/**
 * The message for a failed call: the server's translated message, or 'try again' when the
 * server was not reached at all.
 */
export function describeApiError(caught: unknown, t: Translate): string {
  return caught instanceof ApiRequestError && caught.status > 0 ? caught.message : t("error.retry");
}

type RunOptions = {
  /** Handles an API error itself (returns true), before the default handling. */
  onApiError?: (caught: ApiRequestError) => boolean;
  /** The action leaves the page on success: stay busy, so the form is not sent twice. */
  navigates?: boolean;
  /** The action moves focus itself on success (a wizard's next step): leave it there. */
  keepsFocus?: boolean;
};

/**
 * The state of a form that sends one API call: per-field messages from a 422 (design §6), one
 * general message otherwise, busy while sending, and focus on the status area afterwards so a
 * screen reader hears the outcome. The typed values stay in the (uncontrolled) fields.
 */
export function useApiForm(t: Translate) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  /** Runs the form's action (the call and what follows from its answer) with that handling. */
  async function run(action: () => Promise<void>, options: RunOptions = {}): Promise<void> {
    setBusy(true);
    setError(null);
    setFields({});
    let succeeded = false;
    try {
      await action();
      succeeded = true;
      if (!options.navigates) setBusy(false);
    } catch (caught) {
      if (caught instanceof ApiRequestError && options.onApiError?.(caught)) {
        // handled by the form
      } else if (caught instanceof ApiRequestError && caught.code === "validation") {
        setFields(caught.fields);
      } else {
        setError(describeApiError(caught, t));
      }
      setBusy(false);
    } finally {
      if (!(succeeded && options.keepsFocus)) {
        requestAnimationFrame(() => statusRef.current?.focus());
      }
    }
  }

  return { fields, error, setError, busy, statusRef, run };
}
