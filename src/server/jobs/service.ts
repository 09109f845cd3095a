import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client";
import type { JobType } from "./define";
import { type Job, jobs } from "./schema";

export type EnqueueOptions = {
  /** When the job is due; now by default. */
  runAt?: Date;
  /** Enqueues the job only if no job with this key exists (a schedule slot, a dedupe key). */
  uniqueKey?: string;
  maxAttempts?: number;
};

/**
 * Adds a job to the queue, its payload checked against the job's schema (a wrong one throws here,
 * where it is made, not later in the runner). With a unique key it is enqueued once however often
 * this is called, from however many processes (a unique index, ON CONFLICT DO NOTHING). Answers
 * the new job's id, or null when the key was taken. Pass a transaction to enqueue together with
 * the row it is for.
 *
 * @example enqueueJob(db, mailDeliveryJob, { outboxId: 7 }, { uniqueKey: "mail.deliver:7" })
 */
export async function enqueueJob<Payload extends z.ZodType>(
  db: Database,
  job: JobType<Payload>,
  payload: z.input<Payload>,
  options: EnqueueOptions = {},
): Promise<number | null> {
  job.payload.parse(payload);
  const [row] = await db
    .insert(jobs)
    .values({
      name: job.name,
      // Stored as given (the input, not the parsed output), so the runner's parse sees the same.
      payload: payload as Record<string, unknown>,
      uniqueKey: options.uniqueKey ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given names for one worker: pending ones whose time has
 * come, and running ones whose worker's lease ran out (it died or hung). SKIP LOCKED makes
 * concurrent claimers, in this process or another, take disjoint sets of rows; the sub-select's
 * conditions are checked again on the locked row, so a job claimed and committed meanwhile is
 * not taken twice.
 */
export async function claimJobs(
  db: Database,
  names: string[],
  options: { now: Date; leaseMs: number; limit: number },
): Promise<Job[]> {
  if (names.length === 0) return [];
  const { now, leaseMs, limit } = options;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, names),
        or(
          and(eq(jobs.status, "pending"), lte(jobs.runAt, now)),
          and(eq(jobs.status, "running"), lte(jobs.lockedUntil, now)),
        ),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: "running",
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * Gives up on running jobs of the given names whose lease ran out on their last attempt: their
 * worker died each time (a job that kills its process must not be claimed for ever).
 */
export async function failAbandonedJobs(db: Database, names: string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await db
    .update(jobs)
    .set({
      status: "failed",
      lockedUntil: null,
      finishedAt: now,
      lastError: sql`coalesce(${jobs.lastError}, 'the worker stopped before finishing')`,
    })
    .where(
      and(
        inArray(jobs.name, names),
        eq(jobs.status, "running"),
        lte(jobs.lockedUntil, now),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    );
}

/**
 * The claim a worker holds: its job, at its attempt. A worker whose lease ran out and whose job
 * was claimed again no longer matches, so it cannot overwrite the new worker's outcome.
 */
function heldBy(job: Job) {
  return and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));
}

/** Marks a claimed job done. */
export async function completeJob(db: Database, job: Job, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "done", lockedUntil: null, finishedAt: now })
    .where(heldBy(job));
}

/**
 * Records a claimed job's failure: due again after `retryDelayMs`, or failed for good once it
 * has had its attempts, or at once with `final` (a failure no retry can mend). The last error is
 * kept either way. Answers the status it now has.
 */
export async function failJob(
  db: Database,
  job: Job,
  error: string,
  options: { now: Date; retryDelayMs: number; final?: boolean },
): Promise<"pending" | "failed"> {
  const givesUp = options.final === true || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      givesUp
        ? { status: "failed", lockedUntil: null, finishedAt: options.now, lastError: error }
        : {
            status: "pending",
            lockedUntil: null,
            runAt: new Date(options.now.getTime() + options.retryDelayMs),
            lastError: error,
          },
    )
    .where(heldBy(job));
  return givesUp ? "failed" : "pending";
}

/** How long finished jobs are kept: done ones briefly, failed ones long enough to look into. */
export const DONE_JOB_RETENTION_DAYS = 7;
export const FAILED_JOB_RETENTION_DAYS = 30;

/** design §10a: deletes done and failed jobs past their retention. Answers the rows deleted. */
export async function pruneFinishedJobs(db: Database, now = new Date()): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const deleted = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, "done"), lt(jobs.finishedAt, daysAgo(DONE_JOB_RETENTION_DAYS))),
        and(eq(jobs.status, "failed"), lt(jobs.finishedAt, daysAgo(FAILED_JOB_RETENTION_DAYS))),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}
