import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import type { Translate } from "../../i18n/translate";
import ColumnHeads from "./ColumnHeads";
import type { StaffFormat } from "./format";

export type ChartSeries = { label: string; values: readonly (number | null)[] };

type Props = {
  t: Translate;
  format: StaffFormat;
  title: string;
  /** The y axis's label ("Members", "EUR"). */
  unit: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  /** How a value is written in the table and the tooltip (money in minor units). */
  formatValue?: (value: number) => string;
};

/** The console's own palette: distinguishable, and not told apart by colour alone (dashes). */
const STROKES = ["#b4235a", "#1f6fb2", "#2f8a4c", "#8a5a00"];
const DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3]];

/** Whether this browser draws on a canvas (jsdom has none). */
function canDraw(): boolean {
  try {
    return Boolean(document.createElement("canvas").getContext("2d"));
  } catch {
    return false;
  }
}

/**
 * One chart of the console's home (issue 28 item 4): a uPlot line chart (decision 0014), drawn
 * only in a browser that can size it, with the same numbers as a table behind "Show as table"
 * for screen readers and keyboards; the canvas itself is hidden from assistive technology.
 */
export default function MetricChart({ t, format, title, unit, days, series, formatValue }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const write = formatValue ?? format.number;

  useEffect(() => {
    const element = box.current;
    // Nothing to draw on (a test's DOM, an old browser): the table alone carries the numbers.
    if (!element || typeof ResizeObserver === "undefined" || !canDraw()) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return;
      const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: element.clientWidth || 600,
          height: 220,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true } },
          axes: [
            { label: t("staff.console.metrics.day") },
            { label: unit, values: (_, ticks) => ticks.map((tick) => write(tick)) },
          ],
          series: [
            {
              value: (_, value) =>
                value === null ? "–" : format.day(new Date(value * 1000).toISOString()),
            },
            ...series.map((entry, position) => ({
              label: entry.label,
              stroke: STROKES[position % STROKES.length],
              dash: DASHES[position % DASHES.length],
              width: 2,
              value: (_: uPlot, value: number | null) => (value === null ? "–" : write(value)),
            })),
          ],
        },
        [xs, ...series.map((entry) => [...entry.values])] as uPlot.AlignedData,
        element,
      );
      observer = new ResizeObserver(() =>
        chart?.setSize({ width: element.clientWidth, height: 220 }),
      );
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, t, unit, write, format]);

  return (
    <figure className="metric-chart stack">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      <div ref={box} aria-hidden="true" />
      <details>
        <summary>{t("staff.console.metrics.showTable")}</summary>
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption>{title}</caption>
            <ColumnHeads
              labels={[t("staff.console.metrics.day"), ...series.map((entry) => entry.label)]}
            />
            <tbody>
              {days.map((day, position) => (
                <tr key={day}>
                  <th scope="row">{format.day(day)}</th>
                  {series.map((entry) => {
                    const value = entry.values[position] ?? null;
                    return <td key={entry.label}>{value === null ? "–" : write(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
