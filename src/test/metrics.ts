import type { MetricName } from "../contract/staff-metric-options";
import { metricRollups } from "../server/metrics/schema";
import { getReadyDb } from "../server/startup";

export { addDays, utcDay } from "../server/metrics/rollup";

/**
 * Stores a site's daily figures straight in `metric_rollups`, as the metrics job would have
 * (issue 28 item 4), for tests of what reads them; a row already there is kept.
 */
export async function storeMetricRows(
  site: string,
  rows: readonly [day: string, metric: MetricName, value: number, currency?: string][],
): Promise<void> {
  const db = await getReadyDb();
  await db
    .insert(metricRollups)
    .values(
      rows.map(([day, metric, value, currency = ""]) => ({
        siteId: site,
        day,
        metric,
        currency,
        value,
      })),
    )
    .onConflictDoNothing();
}
