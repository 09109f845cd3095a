import { type SubmitEvent, useId } from "react";
import type { FlagVerdict as Verdict } from "../../contract/staff-options";
import { FLAG_VERDICTS } from "../../contract/staff-options";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { useApiForm } from "../ui/use-api-form";
import ReasonField from "./ReasonField";

type Props = {
  t: Translate;
  flagId: number;
  /** The verdict is recorded: the queue drops the flag and says so. */
  onResolved: (verdict: Verdict) => void;
};

/**
 * A moderator's verdict on a flagged message (POST /api/staff/flags/{id}/resolve): confirmed,
 * or a false positive (counted against its rules), with a reason for the audit log.
 */
export default function FlagVerdict({ t, flagId, onResolved }: Props) {
  const ids = { verdict: useId() };
  const { fields, error, busy, statusRef, run, refuse } = useApiForm(t);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const verdict = String(data.get("verdict") ?? "");
    const reason = String(data.get("reason") ?? "").trim();
    const missing: Record<string, string> = {};
    if (!FLAG_VERDICTS.includes(verdict as Verdict)) missing.verdict = t("validation.required");
    if (!reason) missing.reason = t("validation.required");
    if (Object.keys(missing).length > 0) {
      refuse(missing);
      return;
    }
    await run(
      async () => {
        const body = { verdict: verdict as Verdict, reason };
        await api("POST /api/staff/flags/{id}/resolve", { params: { id: flagId }, body });
        onResolved(verdict as Verdict);
      },
      { keepsFocus: true },
    );
  }

  return (
    <form className="staff-action stack" onSubmit={submit} noValidate>
      <fieldset
        className="field"
        aria-describedby={fields.verdict ? `${ids.verdict}-error` : undefined}
      >
        <legend className="field-label">{t("staff.console.safety.verdict")}</legend>
        {FLAG_VERDICTS.map((verdict, index) => (
          <label key={verdict} className="staff-choice">
            <input
              type="radio"
              name="verdict"
              value={verdict}
              aria-invalid={fields.verdict && index === 0 ? true : undefined}
            />{" "}
            {t(`staff.console.safety.verdictOption.${verdict}`)}
          </label>
        ))}
        {fields.verdict ? (
          <p id={`${ids.verdict}-error`} className="field-error">
            {fields.verdict}
          </p>
        ) : null}
      </fieldset>
      <ReasonField t={t} maxLength={1000} error={fields.reason} />
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error} />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("staff.console.action.working") : t("staff.console.safety.submit")}
        </button>
      </div>
    </form>
  );
}
