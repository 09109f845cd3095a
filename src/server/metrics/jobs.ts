import { defineJob } from "../jobs/define";
import { metricsBackfillJob } from "./job-types";
import { enqueueFirstBackfill, recomputeDays, recomputeRecentDays } from "./rollup";

/** issue 28 item 4: the console's daily figures (metric_rollups). */
export const METRICS_JOBS = [
  // Every 5 minutes: yesterday and today, so the console's home is at most 5 minutes behind;
  // on a database that has no earlier figures yet, the year before them once.
  defineJob({
    name: "metrics.rollup",
    everyMinutes: 5,
    run: async (_, { db, now }) => {
      await recomputeRecentDays(db, now);
      await enqueueFirstBackfill(db, now);
    },
  }),
  // A range recounted at once (the first year, or days the recount missed).
  defineJob({
    ...metricsBackfillJob,
    leaseMs: 30 * 60 * 1000,
    run: async ({ from, to }, { db }) => void (await recomputeDays(db, from, to)),
  }),
];
