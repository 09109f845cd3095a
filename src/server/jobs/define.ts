import { z } from "zod";
import type { Database } from "../db/client";
import type { Job } from "./schema";

export type JobContext = { db: Database; now: Date; job: Job };

/**
 * The lanes the runner works in: one job at a time within a lane, the lanes side by side, so a
 * job waiting on an outside service holds back only the jobs of its lane. A job that waits on a
 * service runs in that service's lane; the jobs that only use the database run in `main`.
 */
export const JOB_LANES = ["main", "mail", "sms", "push", "payments"] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** `everyMinutes` of the recurring jobs that run hourly and daily. */
export const HOURLY = 60;
export const DAILY = 24 * 60;

/**
 * A kind of job as the code that enqueues it sees it: its name and the schema of its payload
 * (enqueueJob takes it, so a caller cannot enqueue a payload the job would refuse).
 */
export type JobType<Payload extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly payload: Payload;
};

/**
 * What a process does with the jobs of one kind. `Context` is what its run is given: the
 * runner's own, or more that the process binds to it before handing it to the runner (the
 * server's providers: `bindJobProviders` in src/server/providers.ts), which the queue never names.
 */
export type JobDefinition<
  Payload extends z.ZodType = z.ZodType,
  Context extends JobContext = JobContext,
> = JobType<Payload> & {
  /** Its lane (`main` when not given). */
  readonly lane: JobLane;
  /**
   * Does the work with the parsed payload; throwing means "try again later". Runs at least once,
   * so it is idempotent. (A method, so that any definition is a JobDefinition of z.ZodType.)
   */
  run(payload: z.output<Payload>, context: Context): Promise<void>;
  /** A recurring job: one run per slot of this many minutes (slots start at the epoch). */
  readonly everyMinutes?: number;
  /** Attempts of a scheduled occurrence (enqueued jobs carry their own). */
  readonly maxAttempts?: number;
  /** How long a worker holds a claimed job before another may take it. */
  readonly leaseMs?: number;
  /** The wait before the first retry; it doubles with each further attempt, up to an hour. */
  readonly retryBaseMs?: number;
};

/**
 * The payload of a job that takes none of its own: any object (a recurring job's occurrence
 * carries its `slot`, enqueueScheduledJobs).
 */
export const NO_PAYLOAD = z.looseObject({});

/**
 * Declares a kind of job apart from what runs it, for a module that enqueues it but cannot
 * import its definition (the definition's run imports that module, or a feature above it).
 * @example const refundJob = declareJob("payments.refund", z.object({ order: z.number() }))
 */
export function declareJob<Payload extends z.ZodType>(
  name: string,
  payload: Payload,
): JobType<Payload> {
  return { name, payload };
}

/**
 * design §10a: a job with a typed payload. The runner parses each job's stored payload with
 * `payload` before `run` sees it; one that does not parse fails at once, without retries.
 * @example defineJob({ ...refundJob, lane: "payments", run: ({ order }, { db }) => refund(db, order) })
 */
export function defineJob<
  Payload extends z.ZodType = typeof NO_PAYLOAD,
  Context extends JobContext = JobContext,
>(definition: {
  name: string;
  payload?: Payload;
  lane?: JobLane;
  run: (payload: z.output<Payload>, context: Context) => Promise<void>;
  everyMinutes?: number;
  maxAttempts?: number;
  leaseMs?: number;
  retryBaseMs?: number;
}): JobDefinition<Payload, Context> {
  return {
    ...definition,
    payload: definition.payload ?? (NO_PAYLOAD as z.ZodType as Payload),
    lane: definition.lane ?? "main",
  };
}
