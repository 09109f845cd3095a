import { type Ref, useId } from "react";
import type { Translate } from "../../i18n/translate";

type Props = {
  t: Translate;
  /** The API's limit for this action's reason. */
  maxLength: number;
  /** The translated error for the field, shown in place of the hint. */
  error?: string;
  rows?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
};

/**
 * Why a staff member acts (design §13: kept in the audit row): the console's one reason field,
 * named `reason`, required, with its hint or its error.
 */
export default function ReasonField({ t, maxLength, error, rows = 2, inputRef }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t("staff.console.action.reason")}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        name="reason"
        rows={rows}
        maxLength={maxLength}
        required
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={error ? "field-error" : "field-hint"}>
        {error ?? t("staff.console.action.reasonHint")}
      </p>
    </div>
  );
}
