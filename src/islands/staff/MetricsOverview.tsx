import { memo, type SubmitEvent, useEffect, useMemo, useState } from "react";
import { METRICS_DEFAULT_DAYS } from "../../contract/staff-metric-options";
import type { StaffMetricsAnswer } from "../../contract/staff-metrics";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import TextField from "../ui/TextField";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { type StaffFormat, staffFormat } from "./format";
import MetricChart from "./MetricChart";
import OutcomeStatus from "./OutcomeStatus";
import SiteSelect from "./SiteSelect";

type Props = I18nProps & {
  sites: { id: string; name: string }[];
  /** Today's UTC day, from the server, so the default period does not hang on the device's clock. */
  today: string;
};

/** The catalogue keys this island needs (its page picks them; its test too). */
export const METRICS_OVERVIEW_MESSAGES = [
  "staff.console.metrics.",
  "common.loading",
  "error.",
  "validation.",
];

const DAY_MS = 24 * 60 * 60 * 1000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period's figures at a glance: one line each, as a description list. */
function Totals({
  t,
  format,
  data,
}: {
  t: Translate;
  format: StaffFormat;
  data: StaffMetricsAnswer;
}) {
  const { totals } = data;
  const entries: [string, string][] = [
    [t("staff.console.metrics.series.signups"), format.number(totals.signups)],
    [t("staff.console.metrics.series.activations"), format.number(totals.activations)],
    [t("staff.console.metrics.total.activeAverage"), format.number(totals.active_members)],
    [t("staff.console.metrics.total.messagesMembers"), format.number(totals.messages_members)],
    [t("staff.console.metrics.total.messagesProfiles"), format.number(totals.messages_profiles)],
    [t("staff.console.metrics.series.likes"), format.number(totals.likes)],
    [t("staff.console.metrics.series.matches"), format.number(totals.matches)],
    [t("staff.console.metrics.series.first_payments"), format.number(totals.first_payments)],
    [
      t("staff.console.metrics.total.conversion"),
      data.conversion === null ? "–" : format.percent(Math.round(data.conversion * 1000) / 10),
    ],
    ...data.revenue.map((entry): [string, string] => [
      t("staff.console.metrics.total.revenue", { currency: entry.currency }),
      format.money(entry.total, entry.currency),
    ]),
    [t("staff.console.metrics.total.openNow"), format.number(data.open_reports_now)],
    [
      t("staff.console.metrics.total.inbox"),
      data.inbox_waiting_seconds === null
        ? t("staff.console.metrics.total.inboxNone")
        : format.minutes(data.inbox_waiting_seconds / 60),
    ],
  ];
  return (
    <section aria-labelledby="metrics-totals" className="stack">
      <h2 id="metrics-totals">{t("staff.console.metrics.totals")}</h2>
      <dl className="staff-facts metric-totals">
        {entries.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{t("staff.console.metrics.conversionHint")}</p>
    </section>
  );
}

/**
 * The charts of one answer, each with its table; drawn again only for a new answer (not while
 * the period's fields are typed in).
 */
const Charts = memo(function Charts({
  t,
  format,
  data,
}: {
  t: Translate;
  format: StaffFormat;
  data: StaffMetricsAnswer;
}) {
  const { series, days } = data;
  const label = (key: keyof StaffMetricsAnswer["series"]) =>
    t(`staff.console.metrics.series.${key}`);
  const counted = (title: string, keys: (keyof StaffMetricsAnswer["series"])[]) => (
    <MetricChart
      t={t}
      format={format}
      title={title}
      unit={t("staff.console.metrics.count")}
      days={days}
      series={keys.map((key) => ({ label: label(key), values: series[key] }))}
    />
  );
  return (
    <section aria-labelledby="metrics-charts" className="stack">
      <h2 id="metrics-charts">{t("staff.console.metrics.charts")}</h2>
      {counted(t("staff.console.metrics.chart.members"), [
        "signups",
        "activations",
        "active_members",
      ])}
      <p className="field-hint">{t("staff.console.metrics.activeHint")}</p>
      {counted(t("staff.console.metrics.chart.messages"), [
        "messages_members",
        "messages_profiles",
      ])}
      {counted(t("staff.console.metrics.chart.likes"), ["likes", "matches"])}
      {counted(t("staff.console.metrics.chart.payments"), ["first_payments"])}
      {data.revenue.length === 0 ? (
        <p>{t("staff.console.metrics.noRevenue")}</p>
      ) : (
        data.revenue.map((entry) => (
          <MetricChart
            key={entry.currency}
            t={t}
            format={format}
            title={t("staff.console.metrics.chart.revenue", { currency: entry.currency })}
            unit={entry.currency}
            days={days}
            series={[{ label: t("staff.console.metrics.series.revenue"), values: entry.days }]}
            formatValue={(value) => format.money(value, entry.currency)}
          />
        ))
      )}
      {counted(t("staff.console.metrics.chart.reports"), ["open_reports"])}
      <MetricChart
        t={t}
        format={format}
        title={t("staff.console.metrics.chart.inbox")}
        unit={t("staff.console.metrics.minutes")}
        days={days}
        series={[
          {
            label: label("inbox_first_response"),
            values: series.inbox_first_response.map((seconds) =>
              seconds === null ? null : Math.round(seconds / 6) / 10,
            ),
          },
        ]}
        formatValue={format.minutes}
      />
    </section>
  );
});

/**
 * issue 28 item 4: the console's home for admins: a site's figures a UTC day over a period
 * (the last 30 days first), with totals, charts and their tables (GET /api/staff/metrics).
 */
export default function MetricsOverview(props: Props) {
  const t = useTranslate(props);
  const format = useMemo(() => staffFormat(props.locale), [props.locale]);
  const form = useApiForm(t);
  const [site, setSite] = useState(props.sites[0]?.id ?? "");
  const [from, setFrom] = useState(shift(props.today, -(METRICS_DEFAULT_DAYS - 1)));
  const [to, setTo] = useState(props.today);
  const [data, setData] = useState<StaffMetricsAnswer | null>(null);

  function load() {
    void form.run(
      async () => {
        // An emptied date field asks for the default period's end (the server's last 30 days).
        const query = { site, from: from || undefined, to: to || undefined };
        setData(await api("GET /api/staff/metrics", { query }));
      },
      { keepsFocus: data === null },
    );
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(load, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    load();
  }

  return (
    <div className="stack">
      <p>{t("staff.console.metrics.intro")}</p>
      <form className="staff-filters" onSubmit={submit} noValidate>
        <SiteSelect
          id="metrics-site"
          label={t("staff.console.metrics.site")}
          sites={props.sites}
          value={site}
          onChange={setSite}
          error={form.fields.site}
        />
        <TextField
          id="metrics-from"
          type="date"
          label={t("staff.console.metrics.from")}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={form.fields.from}
          narrow
        />
        <TextField
          id="metrics-to"
          type="date"
          label={t("staff.console.metrics.to")}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={form.fields.to}
          narrow
        />
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {t("staff.console.metrics.show")}
        </button>
        <OutcomeStatus
          statusRef={form.statusRef}
          error={form.error}
          status={form.busy ? t("common.loading") : null}
        />
      </form>
      {data ? (
        <>
          <Totals t={t} format={format} data={data} />
          <Charts t={t} format={format} data={data} />
        </>
      ) : null}
    </div>
  );
}
