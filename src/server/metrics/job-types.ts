import { z } from "zod";
import { declareJob } from "../jobs/define";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A range of UTC days recounted at once (metrics/jobs.ts runs it). */
export const metricsBackfillJob = declareJob("metrics.backfill", z.object({ from: day, to: day }));
