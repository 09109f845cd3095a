import { type SubmitEvent, useId } from "react";
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from "../../contract/staff-photo-options";
import type { PhotoReviewAnswer, ReviewPhoto } from "../../contract/staff-photos";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { Field } from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import { DuplicateWarning } from "./PhotoCard";

type Props = {
  t: Translate;
  photo: ReviewPhoto;
  /** The decision was taken: the queue drops the photo and says so. */
  onDecided: (decision: "approved" | "rejected", answer: PhotoReviewAnswer) => void;
};

/**
 * The larger view of a queued photo in the review dialog (issue 27 item 5): approve it, or
 * reject it with a reason from the list and a note for the audit log (needed for "other").
 */
export default function PhotoDecision({ t, photo, onDecided }: Props) {
  const ids = { reason: useId(), note: useId() };
  const { fields, error, busy, statusRef, run, refuse } = useApiForm(t);
  const params = { id: photo.id };

  async function approve() {
    await run(
      async () => {
        onDecided("approved", await api("POST /api/staff/photos/{id}/approve", { params }));
      },
      { keepsFocus: true },
    );
  }

  async function reject(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get("reason") ?? "") as PhotoRejectReason;
    const note = String(data.get("note") ?? "").trim();
    if (reason === "other" && note === "") {
      refuse({ note: t("validation.required") });
      return;
    }
    await run(
      async () => {
        const body = { reason, ...(note ? { note } : {}) };
        onDecided("rejected", await api("POST /api/staff/photos/{id}/reject", { params, body }));
      },
      { keepsFocus: true },
    );
  }

  return (
    <div className="staff-review-decision">
      <img
        className="staff-review-large"
        src={photo.large}
        alt={t("staff.console.photos.photoOf", { id: photo.id, name: photo.member.name })}
      />
      <div className="stack">
        <DuplicateWarning t={t} photo={photo} />
        <div>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={approve}>
            {busy ? t("staff.console.action.working") : t("staff.console.photos.approve")}
          </button>
        </div>
        <form className="staff-action stack" onSubmit={reject} noValidate>
          <h3>{t("staff.console.photos.rejectTitle")}</h3>
          <Field id={ids.reason} label={t("staff.console.action.reason")}>
            {(control) => (
              <select {...control} name="reason" className="field-input" required>
                {PHOTO_REJECT_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`staff.console.photos.reason.${reason}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={ids.note}
            label={t("staff.console.photos.note")}
            hint={t("staff.console.photos.noteHint")}
            error={fields.note}
          >
            {(control) => (
              <textarea
                {...control}
                name="note"
                rows={2}
                maxLength={1000}
                className="field-input"
              />
            )}
          </Field>
          <div ref={statusRef} tabIndex={-1} className="form-status">
            <ErrorAlert message={error ?? fields.reason} />
          </div>
          <div>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? t("staff.console.action.working") : t("staff.console.photos.reject")}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
