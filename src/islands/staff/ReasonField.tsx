import { type Ref, useId } from "react";
import type { Translate } from "../../i18n/translate";
import { Field } from "../ui/TextField";

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
 * named `reason`, required, with its hint and its error.
 */
export default function ReasonField({ t, maxLength, error, rows = 2, inputRef }: Props) {
  const id = useId();
  return (
    <Field
      id={id}
      label={t("staff.console.action.reason")}
      hint={t("staff.console.action.reasonHint")}
      error={error}
    >
      {(control) => (
        <textarea
          {...control}
          ref={inputRef}
          name="reason"
          rows={rows}
          maxLength={maxLength}
          required
          className="field-input"
        />
      )}
    </Field>
  );
}
