import { useId } from "react";
import type { ReportCase } from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";
import type { StaffFormat } from "./format";

type Props = { t: Translate; format: StaffFormat; member: ReportCase["member"] };

/** The reported member of a case: who, how long with us, paid or not, and earlier cases. */
export default function CaseMember({ t, format, member }: Props) {
  const headingId = useId();
  const name = member.name ?? t("staff.console.reports.erasedMember");
  return (
    <section className="staff-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("staff.console.reports.member")}</h3>
      <div className="staff-case-member">
        {member.photo_thumb ? (
          <img
            className="staff-thumb"
            src={member.photo_thumb}
            alt={t("staff.console.reports.photoOf", { name })}
            loading="lazy"
          />
        ) : null}
        <dl className="staff-facts">
          <dt>{t("staff.console.reports.name")}</dt>
          <dd>
            <a href={`/staff/members/${member.user_id}`}>{name}</a>{" "}
            <span className="muted">#{member.user_id}</span>
          </dd>
          <dt>{t("staff.console.reports.accountAge")}</dt>
          <dd>
            {t("staff.console.reports.days", { count: member.account_age_days })}{" "}
            <span className="muted">
              (
              {t("staff.console.reports.since", {
                date: format.dateTime(member.account_created_at),
              })}
              )
            </span>
          </dd>
          <dt>{t("staff.console.reports.paid")}</dt>
          <dd>{member.has_paid ? t("staff.console.member.yes") : t("staff.console.member.no")}</dd>
          <dt>{t("staff.console.reports.strikes")}</dt>
          <dd>{format.number(member.strikes)}</dd>
          <dt>{t("staff.console.reports.earlier")}</dt>
          <dd>
            {member.earlier_cases.length === 0 ? (
              t("staff.console.member.empty")
            ) : (
              <ul className="staff-change">
                {member.earlier_cases.map((past) => (
                  <li key={past.id}>
                    {t(`staff.console.reports.outcome.${past.action}`)} ·{" "}
                    <time dateTime={past.resolved_at}>{format.dateTime(past.resolved_at)}</time>
                    {past.reason ? <span className="muted"> · {past.reason}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </div>
    </section>
  );
}
