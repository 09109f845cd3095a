import type { InboxFiguresAnswer } from "../../contract/staff-inbox";
import type { Locale } from "../../i18n/locales";
import type { Translate } from "../../i18n/translate";
import ColumnHeads from "./ColumnHeads";

type Props = {
  t: Translate;
  locale: Locale;
  figures: InboxFiguresAnswer | null;
  sites: { id: string; name: string }[];
};

/** issue 28: answered, median first response and waiting now, per site and per agent. */
export default function InboxFigures({ t, locale, figures, sites }: Props) {
  if (!figures) return null;
  const number = new Intl.NumberFormat(locale);
  const minutes = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "minute",
    maximumFractionDigits: 1,
  });
  const median = (seconds: number | null) =>
    seconds === null ? "–" : minutes.format(seconds / 60);
  return (
    <section className="staff-section" aria-labelledby="inbox-figures-title">
      <h2 id="inbox-figures-title">{t("staff.console.inbox.figures.title")}</h2>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="muted">{t("staff.console.inbox.figures.perSite")}</caption>
          <ColumnHeads
            labels={[
              t("staff.console.inbox.site"),
              t("staff.console.inbox.figures.waiting"),
              t("staff.console.inbox.figures.answered"),
              t("staff.console.inbox.figures.median"),
            ]}
            numeric={[1, 2, 3]}
          />
          <tbody>
            {figures.sites.map((row) => (
              <tr key={row.site}>
                <th scope="row">{sites.find((site) => site.id === row.site)?.name ?? row.site}</th>
                <td className="num">{number.format(row.waiting)}</td>
                <td className="num">{number.format(row.answered)}</td>
                <td className="num">{median(row.median_first_response_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {figures.agents.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="muted">{t("staff.console.inbox.figures.perAgent")}</caption>
            <ColumnHeads
              labels={[
                t("staff.console.inbox.figures.agent"),
                t("staff.console.inbox.figures.answered"),
                t("staff.console.inbox.figures.median"),
              ]}
              numeric={[1, 2]}
            />
            <tbody>
              {figures.agents.map((row) => (
                <tr key={row.staff_id}>
                  <th scope="row">{row.email}</th>
                  <td className="num">{number.format(row.answered)}</td>
                  <td className="num">{median(row.median_first_response_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
