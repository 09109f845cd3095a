import { type ReactNode, type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/translate";
import ErrorAlert from "../ui/ErrorAlert";
import { useApiForm } from "../ui/use-api-form";
import ReasonField from "./ReasonField";

type Props = {
  t: Translate;
  title: string;
  /** What the action does, in a sentence under its title. */
  lead?: string;
  submitLabel: string;
  /** A reason is asked for (kept in the audit row). */
  withReason?: boolean;
  /** The API's limit for the reason: support's actions take 500 characters. */
  reasonMax?: number;
  danger?: boolean;
  /**
   * Further fields of the form (named inputs; their values come in `data`); as a function, it
   * is given the 422's messages per field, to show each under its own field.
   */
  children?: ReactNode | ((fields: Record<string, string>) => ReactNode);
  /**
   * Runs the action and answers the message to show; throws the API's error. Before the call,
   * `confirm` may answer false to stop (the erase dialog).
   */
  onSubmit: (data: FormData) => Promise<string>;
  confirm?: () => Promise<boolean>;
};

/**
 * One support action as a form (issue 27 item 7): its result or the translated error is shown
 * in the form and announced; the fields keep what was typed after an error, and are cleared
 * after a success.
 */
export default function ActionForm(props: Props) {
  const { t } = props;
  const ids = { status: useId() };
  const { fields, error, busy, statusRef, run, refuse } = useApiForm(t);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (props.withReason && !String(data.get("reason") ?? "").trim()) {
      setDone(null);
      refuse({ reason: t("validation.required") });
      return;
    }
    if (props.confirm && !(await props.confirm())) return;
    setDone(null);
    await run(async () => {
      const message = await props.onSubmit(data);
      setDone(message);
      form.reset();
    });
  }

  return (
    <form
      className="staff-action stack"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={ids.status}
    >
      <h3 id={ids.status}>{props.title}</h3>
      {props.lead ? <p className="muted">{props.lead}</p> : null}
      {typeof props.children === "function" ? props.children(fields) : props.children}
      {props.withReason ? (
        <ReasonField t={t} maxLength={props.reasonMax ?? 500} error={fields.reason} />
      ) : null}
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert
          message={
            error ??
            (typeof props.children === "function" && Object.keys(fields).length > 0
              ? t("validation.title")
              : firstFieldError(fields))
          }
        />
        {done ? (
          <p className="alert alert-info" role="status">
            {done}
          </p>
        ) : null}
      </div>
      <div>
        <button
          type="submit"
          className={props.danger ? "btn btn-danger" : "btn btn-primary"}
          disabled={busy}
        >
          {busy ? t("staff.console.action.working") : props.submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A 422's message for a field the form has no place for (the reason has its own). */
function firstFieldError(fields: Record<string, string>): string | null {
  const other = Object.entries(fields).find(([name]) => name !== "reason");
  return other ? other[1] : null;
}
