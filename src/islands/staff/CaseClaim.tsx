import { useState } from "react";
import type { ReportCase } from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import type { StaffFormat } from "./format";

/** The staff member looking at the queue. */
export type StaffSelf = { id: number; email: string; admin: boolean };

type Props = {
  t: Translate;
  format: StaffFormat;
  reportCase: ReportCase;
  staff: StaffSelf;
  canClaim: boolean;
  onClaimed: (claimedBy: ReportCase["claimed_by"]) => void;
};

/**
 * Who holds a case, and the buttons to take it (so no two moderators work it) or give it
 * back. Another's claim is named; taking it over works once it has lapsed (the API says how
 * long it has been held otherwise). An admin may give back anyone's claim.
 */
export default function CaseClaim({ t, format, reportCase, staff, canClaim, onClaimed }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const holder = reportCase.claimed_by;
  const mine = holder?.id === staff.id;
  const since = format.dateTime(reportCase.claimed_at);
  const params = { id: reportCase.id };

  async function act(claim: boolean) {
    setBusy(true);
    setError(null);
    try {
      if (claim) {
        await api("POST /api/staff/reports/{id}/claim", { params });
        onClaimed({ id: staff.id, email: staff.email });
      } else {
        await api("POST /api/staff/reports/{id}/unclaim", { params });
        onClaimed(null);
      }
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="staff-action stack">
      <p>
        {!holder
          ? t("staff.console.reports.unclaimed")
          : mine
            ? t("staff.console.reports.claimedByMe", { time: since })
            : t("staff.console.reports.claimedBy", { staff: holder.email, time: since })}
      </p>
      <ErrorAlert message={error} />
      {canClaim ? (
        <div className="cluster">
          {mine ? null : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void act(true)}
            >
              {holder ? t("staff.console.reports.takeOver") : t("staff.console.reports.claim")}
            </button>
          )}
          {holder && (mine || staff.admin) ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => void act(false)}
            >
              {t("staff.console.reports.unclaim")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
