import { z } from "zod";
import { defineJob } from "../jobs/define";
import { recomputeDays, recomputeRecentDays } from "./rollup";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** issue 28 item 4: the console's daily figures (metric_rollups). */
export const METRICS_JOBS = [
  // Every 5 minutes: yesterday and today, so the console's home is at most 5 minutes behind.
  defineJob({
    name: "metrics.rollup",
    everyMinutes: 5,
    run: async (_, { db, now }) => recomputeRecentDays(db, now),
  }),
  // A range recounted at once (after a migration, or a day the recount missed).
  defineJob({
    name: "metrics.backfill",
    payload: z.object({ from: day, to: day }),
    leaseMs: 30 * 60 * 1000,
    run: async ({ from, to }, { db }) => void (await recomputeDays(db, from, to)),
  }),
];
