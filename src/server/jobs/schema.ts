import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Where a job is in its life: waiting (or waiting for a retry), claimed by a worker, or over. */
export type JobStatus = "pending" | "running" | "done" | "failed";

/**
 * design §10a: the job queue, on the same PostgreSQL as everything else so that it works on both
 * engines. Workers claim due rows with `FOR UPDATE SKIP LOCKED` and hold them for a lease
 * (`locked_until`); a job whose worker died is claimed again once its lease has run out.
 */
export const jobs = pgTable(
  "jobs",
  {
    // bigint: the schedules enqueue a row per slot for as long as the site runs.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Enqueues a job once: a schedule's slot (`<name>:<slot start>`) or a dedupe key such as
     * `mail.deliver:<outbox id>`. Null for jobs that may be enqueued any number of times.
     */
    uniqueKey: text("unique_key"),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    /** When the job is due: first its run-at, after a failure the time of its retry. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The claiming worker's lease; a running job past it is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Claims so far, the running one included. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("jobs_unique_key_idx").on(table.uniqueKey),
    // The claim's scan: the due pending jobs and the running ones whose lease may have run out.
    index("jobs_due_idx").on(table.runAt).where(sql`${table.status} in ('pending', 'running')`),
  ],
);

export type Job = typeof jobs.$inferSelect;
