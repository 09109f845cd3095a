import type { Database } from "../db/client";
import { logOutage, outageOf } from "../lib/outage";
import type { Job } from "./schema";
import { claimJobs, completeJob, enqueueJob, failAbandonedJobs, failJob } from "./service";

export type JobContext = { db: Database; now: Date; job: Job };

/** What a process does with the jobs of one name. */
export type JobDefinition = {
  /** Does the work; throwing means "try again later". Runs at least once, so it is idempotent. */
  run: (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
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
 * claims and runs the due jobs this process has definitions for, one at a time (so each lease
 * covers one job's work), until none is left. Tests call it directly with their own `now`; the server calls it on a timer.
 */
export async function runDueJobs(
  db: Database,
  definitions: JobDefinitions,
  now?: Date,
  /** False for a nudged pass: it runs what was just enqueued and leaves the rest to the timer. */
  { housekeeping = true }: { housekeeping?: boolean } = {},
): Promise<JobRunSummary> {
  // Each claim's lease starts at its own claim time: a long pass must not hand out leases that
  // have already run out.
  const clock = () => now ?? new Date();
  const summary: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  if (housekeeping) {
    await enqueueScheduledJobs(db, definitions, clock());
    await failAbandonedJobs(db, clock());
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
 * Starts the runner in this process: a pass every `intervalMs`, never two at once. The timer is
 * unref'd (it never keeps the process alive) and a failed pass is logged, not thrown. Answers a
 * function that stops it.
 */
export function startJobRunner(
  getDatabase: () => Promise<Database>,
  definitions: JobDefinitions,
  intervalMs: number,
): () => void {
  let running = false;
  let again = false;
  // The timer's passes also enqueue the schedules and fail abandoned jobs; a nudge (one per
  // message sent) only runs what is due, so a busy chat does not repeat that work per message.
  const pass = (housekeeping: boolean) => {
    if (running) {
      // A nudge during a pass: run once more after it, so the new job is not left for the timer.
      again = true;
      return;
    }
    running = true;
    getDatabase()
      .then((db) => runDueJobs(db, definitions, undefined, { housekeeping }))
      .catch((error: unknown) => {
        // The database away: the next pass (in intervalMs) tries again; logged once, not per pass.
        const outage = outageOf(error);
        if (outage) logOutage(outage, error);
        else console.error("job runner pass failed:", error);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          pass(false);
        }
      });
  };
  const nudge = () => pass(false);
  const timer = setInterval(() => pass(true), intervalMs);
  timer.unref();
  runners.add(nudge);
  return () => {
    clearInterval(timer);
    runners.delete(nudge);
  };
}

/** The passes of the runners started in this process (none in tests). */
const runners = new Set<() => void>();

/**
 * Starts a pass at once in this process's runners, for a job a member waits for (a reset e-mail)
 * rather than the next poll. Call it after the job is committed; without a runner it does nothing.
 */
export function nudgeJobRunners(): void {
  for (const tick of runners) tick();
}
