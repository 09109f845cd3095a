import { useState } from "react";
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from "../../contract/report-options";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import Modal, { ModalActions } from "../ui/Modal";
import RadioChoices from "../ui/RadioChoices";
import { describeApiError } from "../ui/use-api-form";

type Props = {
  open: boolean;
  onClose: () => void;
  t: Translate;
  profileId: number;
  name: string;
  /** The conversation the report is made from (chat), for the moderators. */
  conversation?: number;
  /** The report was stored: the member is gone for the reporter. */
  onReported: () => void;
};

/** Report a member (issue 12): a reason, an optional note; one report per pair. */
export default function ReportDialog(props: Props) {
  const { t, name } = props;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!reason || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api("POST /api/report.php", {
        body: {
          profile: props.profileId,
          reason,
          ...(note.trim() ? { note } : {}),
          ...(props.conversation ? { conversation: props.conversation } : {}),
        },
      });
      props.onReported();
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={props.open}
      title={t("report.title", { name })}
      closeLabel={t("common.close")}
      onClose={props.onClose}
      footer={
        <ModalActions cancelLabel={t("common.cancel")} onCancel={props.onClose}>
          <button
            type="button"
            className="btn btn-danger"
            aria-disabled={busy || !reason}
            onClick={submit}
          >
            {busy ? t("report.sending") : t("report.submit")}
          </button>
        </ModalActions>
      }
    >
      <p>{t("report.intro", { name })}</p>
      <fieldset className="field">
        <legend className="field-label">{t("report.reason")}</legend>
        <div className="report-reasons">
          <RadioChoices
            name="report-reason"
            className="check-row"
            choices={REPORT_REASONS.map((id) => ({
              value: id,
              label: t(`report.reason.${id}` as MessageKey),
            }))}
            value={reason}
            onChange={setReason}
          />
        </div>
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="report-note">
          {t("report.note")}
        </label>
        <textarea
          id="report-note"
          className="field-input"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
