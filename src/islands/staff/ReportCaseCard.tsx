import { useId } from "react";
import type { ReportSeverity } from "../../contract/report-options";
import type { ReportCase } from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";
import CaseClaim, { type StaffSelf } from "./CaseClaim";
import CaseConversation from "./CaseConversation";
import CaseMember from "./CaseMember";
import type { StaffFormat } from "./format";
import ResolveForm from "./ResolveForm";

const SEVERITY_BADGE: Readonly<Record<ReportSeverity, string>> = {
  high: "badge badge-danger",
  medium: "badge badge-warning",
  low: "badge badge-muted",
};

type Props = {
  t: Translate;
  format: StaffFormat;
  reportCase: ReportCase;
  staff: StaffSelf;
  canResolve: boolean;
  onClaimed: (claimedBy: ReportCase["claimed_by"]) => void;
  onResolved: (message: string) => void;
};

/**
 * One case of the queue: how urgent, the reported member and their history, each report with
 * the reporter's note and the conversation around it, who holds the case, and (for its holder,
 * or an admin) the form that resolves it.
 */
export default function ReportCaseCard({ t, format, reportCase, staff, ...props }: Props) {
  const headingId = useId();
  const reportsId = useId();
  const { member } = reportCase;
  const memberName = member.name ?? t("staff.console.reports.erasedMember");
  const mine = reportCase.claimed_by?.id === staff.id;
  const works = props.canResolve && (mine || staff.admin);
  return (
    <li>
      <article className="staff-case" aria-labelledby={headingId}>
        <header className="staff-case-head">
          <h2 id={headingId}>{t("staff.console.reports.caseOf", { name: memberName })}</h2>
          <span className={SEVERITY_BADGE[reportCase.severity]}>
            {t(`staff.console.reports.severity.${reportCase.severity}`)}
          </span>
          <span className="muted">
            {t("staff.console.reports.reportCount", { count: reportCase.report_count })} ·{" "}
            {t("staff.console.reports.lastReported", {
              time: format.dateTime(reportCase.last_reported_at),
            })}
          </span>
        </header>
        <div className="staff-columns">
          <div>
            <CaseMember t={t} format={format} member={member} />
            <section className="staff-section" aria-labelledby={reportsId}>
              <h3 id={reportsId}>{t("staff.console.reports.reports")}</h3>
              <ol className="staff-case-reports">
                {reportCase.reports.map((report) => {
                  const reporterName =
                    report.reporter.name ?? t("staff.console.reports.erasedMember");
                  return (
                    <li key={report.id} className="stack">
                      <h4>
                        {t("staff.console.reports.reportBy", { name: reporterName })}{" "}
                        <span className="muted">
                          <time dateTime={report.created_at}>
                            {format.dateTime(report.created_at)}
                          </time>
                        </span>
                      </h4>
                      <dl className="staff-facts">
                        <dt>{t("staff.console.reports.reason")}</dt>
                        <dd>{t(`report.reason.${report.reason}`)}</dd>
                        <dt>{t("staff.console.reports.note")}</dt>
                        <dd className="staff-about">{report.note ?? "–"}</dd>
                        <dt>{t("staff.console.reports.reporterHistory")}</dt>
                        <dd>{reporterHistory(t, report.reporter)}</dd>
                      </dl>
                      <CaseConversation
                        t={t}
                        format={format}
                        report={report}
                        names={{ reporter: reporterName, reported: memberName }}
                      />
                    </li>
                  );
                })}
              </ol>
              {reportCase.report_count > reportCase.reports.length ? (
                <p className="muted">
                  {t("staff.console.reports.moreReports", {
                    count: reportCase.report_count - reportCase.reports.length,
                  })}
                </p>
              ) : null}
            </section>
          </div>
          <div className="staff-actions">
            <CaseClaim
              t={t}
              format={format}
              reportCase={reportCase}
              staff={staff}
              canClaim={props.canResolve}
              onClaimed={props.onClaimed}
            />
            {works ? (
              <ResolveForm
                t={t}
                caseId={reportCase.id}
                memberName={memberName}
                photos={member.photos}
                onResolved={props.onResolved}
              />
            ) : props.canResolve ? (
              <p className="muted">{t("staff.console.reports.claimFirst")}</p>
            ) : null}
          </div>
        </div>
      </article>
    </li>
  );
}

/** What weighs a report: how long its author has been with us, paid, reported, was reported. */
function reporterHistory(t: Translate, reporter: ReportCase["reports"][number]["reporter"]) {
  return [
    t("staff.console.reports.days", { count: reporter.account_age_days }),
    reporter.has_paid ? t("staff.console.reports.hasPaid") : t("staff.console.reports.notPaid"),
    t("staff.console.reports.reportsFiled", { count: reporter.reports_filed }),
    t("staff.console.reports.casesAgainst", { count: reporter.cases_against }),
    t("staff.console.reports.strikeCount", { count: reporter.strikes }),
  ].join(" · ");
}
