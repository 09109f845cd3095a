import { afterCommit } from "../db/after-commit";
import type { Database } from "../db/client";
import { logOutage, outageOf } from "../lib/outage";
import type { Job } from "./schema";
import { claimJobs, completeJob, enqueueJob, failAbandonedJobs, failJob } from "./service";

export type JobContext = { db: Database; now: Date; job: Job };

/**
 * The lanes the runner works in: one job at a time within a lane, the lanes side by side, so a
 * job waiting on an outside service holds back only the jobs of its lane. A job that waits on a
 * service runs in that service's lane; the jobs that only use the database run in `main`.
 */
export const JOB_LANES = ["main", "mail", "sms", "push", "payments"] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * What a process does with the jobs of one name. `Context` is what its run is given: the
 * runner's own, or more that the process binds to it before handing it to the runner (the
 * server's providers, src/server/providers.ts), which the runner never names.
 */
export type JobDefinition<Context extends JobContext = JobContext> = {
  /** Its lane (`main` when not given). */
  lane?: JobLane;
  /** Does the work; throwing means "try again later". Runs at least once, so it is idempotent. */
  run: (payload: Record<string, unknown>, context: Context) => Promise<void>;
  /** A recurring job: one run per slot of this many minutes (slots start at the epoch). */
  everyMinutes?: number;
  /** Attempts of a scheduled occurrence (enqueued jobs carry their own). */
  maxAttempts?: number;
  /** How long a worker holds a claimed job before another may take it. */
  leaseMs?: number;
  /** The wait before the first retry; it doubles with each further attempt, up to an hour. */
  retryBaseMs?: number;
};

export type JobDefinitions = Record<string, JobDefinition>;

export type JobRunSummary = { done: number; retried: number; failed: number };

const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const DEFAULT_RETRY_BASE_MS = 30 * 1000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Jobs per pass, so that a pass ends even while jobs keep coming. */
const MAX_JOBS_PER_PASS = 100;

/**
 * The wait before attempt `attempts + 1`: exponential backoff, base × 2^(attempts − 1), capped.
 * @example retryDelayMs(3, 30_000) // 120_000
 */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Enqueues the current slot of every recurring job, keyed `<name>:<slot start>`: however many
 * processes do this, each slot is one job and runs once. A slot missed while no process ran is
 * not made up; the next one does the work (every scheduled job catches up on what is due).
 */
export async function enqueueScheduledJobs(
  db: Database,
  definitions: JobDefinitions,
  now: Date,
): Promise<void> {
  for (const [name, definition] of Object.entries(definitions)) {
    if (!definition.everyMinutes) continue;
    const slotMs = definition.everyMinutes * 60 * 1000;
    const slotStart = new Date(Math.floor(now.getTime() / slotMs) * slotMs);
    await enqueueJob(
      db,
      name,
      { slot: slotStart.toISOString() },
      {
        runAt: slotStart,
        uniqueKey: `${name}:${slotStart.toISOString()}`,
        maxAttempts: definition.maxAttempts,
      },
    );
  }
}

/**
 * design §10a: one pass of the job runner. Enqueues the recurring jobs' current slots, then
 * claims and runs the due jobs this process has definitions for until none is left: one at a
 * time within a lane (so each lease covers one job's work), the lanes side by side. Tests call
 * it directly with their own `now`; the server runs each lane's passes on a timer.
 */
export async function runDueJobs(
  db: Database,
  definitions: JobDefinitions,
  now?: Date,
  options: { housekeeping?: boolean } = {},
): Promise<JobRunSummary> {
  const passes = await Promise.all(
    [...byLane(definitions).values()].map((lane) => runLane(db, lane, now, options)),
  );
  const summary: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  for (const pass of passes) {
    summary.done += pass.done;
    summary.retried += pass.retried;
    summary.failed += pass.failed;
  }
  return summary;
}

/** The definitions of each lane that has any, in the order of JOB_LANES. */
function byLane(definitions: JobDefinitions): Map<JobLane, JobDefinitions> {
  const lanes = new Map<JobLane, JobDefinitions>();
  for (const lane of JOB_LANES) {
    const own = Object.entries(definitions).filter(([, job]) => (job.lane ?? "main") === lane);
    if (own.length > 0) lanes.set(lane, Object.fromEntries(own));
  }
  return lanes;
}

/** One pass over the jobs of one lane, one job at a time. */
async function runLane(
  db: Database,
  definitions: JobDefinitions,
  now: Date | undefined,
  /** False for a nudged pass: it runs what was just enqueued and leaves the rest to the timer. */
  { housekeeping = true }: { housekeeping?: boolean },
): Promise<JobRunSummary> {
  // Each claim's lease starts at its own claim time: a long pass must not hand out leases that
  // have already run out.
  const clock = () => now ?? new Date();
  const summary: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  if (housekeeping) {
    await enqueueScheduledJobs(db, definitions, clock());
    await failAbandonedJobs(db, Object.keys(definitions), clock());
  }
  // Jobs are claimed by lease, so that each gets its own (mail is taken over after 5 minutes
  // even though an erasure may hold its claim for 30).
  const namesByLease = new Map<number, string[]>();
  for (const [name, definition] of Object.entries(definitions)) {
    const leaseMs = definition.leaseMs ?? DEFAULT_LEASE_MS;
    namesByLease.set(leaseMs, [...(namesByLease.get(leaseMs) ?? []), name]);
  }
  let count = 0;
  for (const [leaseMs, names] of namesByLease) {
    while (count < MAX_JOBS_PER_PASS) {
      const [job] = await claimJobs(db, names, { now: clock(), leaseMs, limit: 1 });
      if (!job) break;
      count++;
      summary[await runJob(db, definitions, job, clock)]++;
    }
  }
  return summary;
}

async function runJob(
  db: Database,
  definitions: JobDefinitions,
  job: Job,
  clock: () => Date,
): Promise<keyof JobRunSummary> {
  const definition = definitions[job.name];
  try {
    if (!definition) throw new Error(`no definition for job ${job.name}`);
    await definition.run(job.payload, { db, now: clock(), job });
    await completeJob(db, job, clock());
    return "done";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const status = await failJob(db, job, message, {
      now: clock(),
      retryDelayMs: retryDelayMs(job.attempts, definition?.retryBaseMs),
    });
    console.error(`job ${job.id} (${job.name}) attempt ${job.attempts} failed:`, message);
    return status === "failed" ? "failed" : "retried";
  }
}

/**
 * Starts the runner in this process: for each lane, a pass every `intervalMs`, never two of one
 * lane at once, and never waiting for another lane's (a hung mail server holds back mail only).
 * The timer is unref'd (it never keeps the process alive) and a failed pass is logged, not
 * thrown. Answers a function that stops it, resolved once the passes under way have ended.
 */
export function startJobRunner(
  getDatabase: () => Promise<Database>,
  definitions: JobDefinitions,
  intervalMs: number,
): () => Promise<void> {
  let stopped = false;
  const lanes = [...byLane(definitions).values()].map((laneDefinitions) => {
    let running: Promise<void> | null = null;
    let again = false;
    // The timer's passes also enqueue the schedules and fail abandoned jobs; a nudge (one per
    // message sent) only runs what is due, so a busy chat does not repeat that work per message.
    const pass = (housekeeping: boolean) => {
      if (running) {
        // A nudge during a pass: run once more after it, so the new job is not left for the timer.
        again = true;
        return;
      }
      running = getDatabase()
        .then((db) => runLane(db, laneDefinitions, undefined, { housekeeping }))
        .then(
          () => undefined,
          (error: unknown) => {
            // The database away: the next pass (in intervalMs) tries again; logged once, not
            // per pass.
            const outage = outageOf(error);
            if (outage) logOutage(outage, error);
            else console.error("job runner pass failed:", error);
          },
        )
        .finally(() => {
          running = null;
          if (again && !stopped) {
            again = false;
            pass(false);
          }
        });
    };
    return { pass, settled: async () => await running };
  });
  const nudge = () => {
    for (const lane of lanes) lane.pass(false);
  };
  const timer = setInterval(() => {
    for (const lane of lanes) lane.pass(true);
  }, intervalMs);
  timer.unref();
  runners.add(nudge);
  return async () => {
    stopped = true;
    clearInterval(timer);
    runners.delete(nudge);
    await Promise.all(lanes.map((lane) => lane.settled()));
  };
}

/** The passes of the runners started in this process (none in tests). */
const runners = new Set<() => void>();

/**
 * Starts a pass at once in this process's runners, for a job a member waits for (a reset e-mail)
 * rather than the next poll; without a runner it does nothing. Inside a keyed write's request
 * transaction the pass waits for its commit (db/after-commit.ts): before it, the job is there
 * for no other connection to find.
 */
export function nudgeJobRunners(): void {
  afterCommit(() => {
    for (const tick of runners) tick();
  });
}
