import { type SubmitEvent, useId, useRef, useState } from "react";
import { SUSPENSION_DAYS_MAX } from "../../contract/moderation-options";
import { REPORT_ACTIONS, type ReportAction } from "../../contract/report-options";
import type {
  RESOLUTION_REASON_MAX,
  ReportCase,
  ResolveReportBody,
} from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import TextField, { Field } from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import ConfirmDialog from "./ConfirmDialog";
import PhotoChoice from "./PhotoChoice";
import ReasonField from "./ReasonField";

/** contract/staff-reports.ts's limit, written out (the island imports no zod), checked equal. */
const REASON_MAX: typeof RESOLUTION_REASON_MAX = 1000;
const DAYS_MAX = SUSPENSION_DAYS_MAX;

type Props = {
  t: Translate;
  caseId: number;
  memberName: string;
  photos: ReportCase["member"]["photos"];
  onResolved: (message: string) => void;
};

function bodyOf(action: ReportAction, reason: string, days: string, photo: number | null) {
  if (action === "suspend") return { action, reason, days: Number(days) };
  if (action === "remove_photo") return { action, reason, photo_id: photo ?? 0 };
  return { action, reason } as ResolveReportBody;
}

/**
 * Resolves a case (POST /api/staff/reports/{id}/resolve): one action, a reason for the audit
 * log, the days of a suspension or the photo a removal takes. A ban asks first in a dialog
 * (focus returns to the button on cancel). An error, a 422 beside its field or a 409 (another
 * moderator was quicker), is shown translated and what was typed stays.
 */
export default function ResolveForm({ t, caseId, memberName, photos, onResolved }: Props) {
  const ids = { title: useId(), action: useId(), days: useId() };
  const { fields, error, busy, statusRef, run, refuse } = useApiForm(t);
  const [action, setAction] = useState<ReportAction | "">("");
  const [days, setDays] = useState("7");
  const [photo, setPhoto] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reason = () => reasonRef.current?.value ?? "";

  async function send(chosen: ReportAction) {
    await run(
      async () => {
        await api("POST /api/staff/reports/{id}/resolve", {
          params: { id: caseId },
          body: bodyOf(chosen, reason(), days, photo),
        });
        const name = memberName;
        onResolved(
          chosen === "suspend"
            ? t("staff.console.reports.done.suspend", { name, count: Number(days) })
            : t(`staff.console.reports.done.${chosen}`, { name }),
        );
      },
      { keepsFocus: true },
    );
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) {
      refuse({ action: t("validation.required") });
      return;
    }
    if (action === "ban") {
      // Nothing to confirm while the reason is missing; the dialog returns focus to the button.
      if (!reason().trim()) {
        refuse({ reason: t("validation.required") });
        return;
      }
      (event.nativeEvent.submitter as HTMLElement | null)?.focus();
      setConfirming(true);
      return;
    }
    void send(action);
  }

  const own = new Set(["action", "reason", "days", "photo_id"]);
  const other = Object.entries(fields).find(([name]) => !own.has(name))?.[1];

  return (
    <form className="staff-action stack" onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t("staff.console.reports.resolve.title")}</h3>
      <Field
        id={ids.action}
        label={t("staff.console.reports.resolve.action")}
        error={fields.action}
      >
        {(control) => (
          <select
            {...control}
            name="action"
            className="field-input"
            value={action}
            onChange={(event) => setAction(event.currentTarget.value as ReportAction | "")}
          >
            <option value="">{t("staff.console.reports.resolve.choose")}</option>
            {REPORT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`staff.console.reports.action.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {action === "suspend" ? (
        <TextField
          id={ids.days}
          label={t("staff.console.reports.resolve.days")}
          hint={t("staff.console.reports.resolve.daysHint", { max: DAYS_MAX })}
          error={fields.days}
          narrow
          name="days"
          type="number"
          min={1}
          max={DAYS_MAX}
          step={1}
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
        />
      ) : null}
      {action === "remove_photo" ? (
        <PhotoChoice
          t={t}
          photos={photos}
          value={photo}
          onChange={setPhoto}
          error={fields.photo_id}
        />
      ) : null}
      <ReasonField
        t={t}
        maxLength={REASON_MAX}
        rows={3}
        inputRef={reasonRef}
        error={fields.reason}
      />
      <div ref={statusRef} tabIndex={-1} className="form-status">
        <ErrorAlert message={error ?? other} />
      </div>
      <div>
        <button
          type="submit"
          className={action === "ban" ? "btn btn-danger" : "btn btn-primary"}
          disabled={busy}
        >
          {busy
            ? t("staff.console.action.working")
            : action === "ban"
              ? t("staff.console.reports.resolve.ban")
              : t("staff.console.reports.resolve.submit")}
        </button>
      </div>
      <ConfirmDialog
        t={t}
        open={confirming}
        title={t("staff.console.reports.ban.title", { name: memberName })}
        confirmLabel={t("staff.console.reports.ban.confirm")}
        onClose={(confirmed) => {
          setConfirming(false);
          if (confirmed) void send("ban");
        }}
      >
        <p>{t("staff.console.reports.ban.text", { name: memberName })}</p>
      </ConfirmDialog>
    </form>
  );
}
