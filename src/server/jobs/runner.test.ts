import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { declareJob, defineJob, type JobDefinition, NO_PAYLOAD } from "./define";
import {
  type JobDefinitions,
  nudgeJobRunners,
  retryDelayMs,
  runDueJobs,
  startJobRunner,
} from "./runner";
import { jobs } from "./schema";
import { claimJobs, completeJob, enqueueJob } from "./service";

const MINUTE = 60 * 1000;

/** A kind of job of this test alone, so that tests sharing the file's database stay apart. */
function uniqueJob(label: string) {
  return declareJob(`test.${label}.${crypto.randomUUID()}`, NO_PAYLOAD);
}

async function findJobs(name: string) {
  const db = await getDb();
  return db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.id);
}

describe("claiming jobs (design §10a)", () => {
  it("never gives one job to two concurrent claimers", async () => {
    const db = await getDb();
    const kind = uniqueJob("claim");
    for (let index = 0; index < 6; index++) await enqueueJob(db, kind, { index });
    const now = new Date();
    const options = { now, leaseMs: MINUTE, limit: 4 };
    const [first, second] = await Promise.all([
      claimJobs(db, [kind.name], options),
      claimJobs(db, [kind.name], options),
    ]);
    const ids = [...first, ...second].map((job) => job.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await claimJobs(db, [kind.name], options)).toEqual([]);
  });

  it("does not claim a job before its run-at", async () => {
    const db = await getDb();
    const kind = uniqueJob("later");
    const now = new Date();
    await enqueueJob(db, kind, {}, { runAt: new Date(now.getTime() + MINUTE) });
    expect(await claimJobs(db, [kind.name], { now, leaseMs: MINUTE, limit: 1 })).toEqual([]);
    const later = new Date(now.getTime() + MINUTE);
    expect(
      await claimJobs(db, [kind.name], { now: later, leaseMs: MINUTE, limit: 1 }),
    ).toHaveLength(1);
  });

  it("claims a job again once the lease of a worker that died has run out", async () => {
    const db = await getDb();
    const kind = uniqueJob("lease");
    await enqueueJob(db, kind, {});
    const now = new Date();
    const [claimed] = await claimJobs(db, [kind.name], { now, leaseMs: MINUTE, limit: 1 });
    expect(claimed?.attempts).toBe(1);
    // The worker holding it never reports back.
    const stillLeased = new Date(now.getTime() + MINUTE - 1);
    expect(
      await claimJobs(db, [kind.name], { now: stillLeased, leaseMs: MINUTE, limit: 1 }),
    ).toEqual([]);

    const runs: number[] = [];
    const definitions = [
      defineJob({ ...kind, run: async (_, { job }) => void runs.push(job.attempts) }),
    ];
    const afterLease = new Date(now.getTime() + MINUTE);
    expect(await runDueJobs(db, definitions, afterLease)).toEqual({
      done: 1,
      retried: 0,
      failed: 0,
    });
    expect(runs).toEqual([2]);
    const [job] = await findJobs(kind.name);
    expect(job?.status).toBe("done");
  });

  it("keeps a worker whose lease ran out from overwriting the outcome of the one that took over", async () => {
    const db = await getDb();
    const kind = uniqueJob("fence");
    await enqueueJob(db, kind, {}, { maxAttempts: 3 });
    const now = new Date();
    const [stale] = await claimJobs(db, [kind.name], { now, leaseMs: MINUTE, limit: 1 });
    if (!stale) throw new Error("the job was not claimed");
    const afterLease = new Date(now.getTime() + MINUTE);
    const definitions = [
      defineJob({
        ...kind,
        run: async () => {
          throw new Error("second worker failed");
        },
      }),
    ];
    expect(await runDueJobs(db, definitions, afterLease)).toMatchObject({ retried: 1 });
    // The first worker wakes up and reports its (old) claim done.
    await completeJob(db, stale, afterLease);
    const [job] = await findJobs(kind.name);
    expect(job).toMatchObject({
      status: "pending",
      attempts: 2,
      lastError: "second worker failed",
    });
  });
  it("gives each job the lease of its own definition", async () => {
    const db = await getDb();
    const quick = uniqueJob("quick");
    const slow = uniqueJob("slow");
    await enqueueJob(db, quick, {});
    await enqueueJob(db, slow, {});
    const now = new Date();
    const leases: Record<string, number> = {};
    const record: JobDefinition["run"] = async (_, { job }) => {
      leases[job.name] = (job.lockedUntil?.getTime() ?? 0) - now.getTime();
    };
    await runDueJobs(
      db,
      [
        defineJob({ ...quick, run: record }),
        defineJob({ ...slow, leaseMs: 30 * MINUTE, run: record }),
      ],
      now,
    );
    expect(leases).toEqual({ [quick.name]: 5 * MINUTE, [slow.name]: 30 * MINUTE });
  });
});

describe("a failing job", () => {
  it("is retried later with exponential backoff and given up after its max attempts", async () => {
    const db = await getDb();
    const kind = uniqueJob("retry");
    const attempts: Date[] = [];
    const definitions = [
      defineJob({
        ...kind,
        retryBaseMs: MINUTE,
        run: async (_, { now }) => {
          attempts.push(now);
          throw new Error(`attempt ${attempts.length} refused`);
        },
      }),
    ];
    await enqueueJob(db, kind, {}, { maxAttempts: 3 });
    const start = new Date();

    expect(await runDueJobs(db, definitions, start)).toMatchObject({ retried: 1 });
    let [job] = await findJobs(kind.name);
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "attempt 1 refused" });
    expect(job?.runAt.getTime()).toBe(start.getTime() + MINUTE);

    // Not before its retry time.
    expect(await runDueJobs(db, definitions, new Date(start.getTime() + MINUTE - 1))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });

    const second = new Date(start.getTime() + MINUTE);
    expect(await runDueJobs(db, definitions, second)).toMatchObject({ retried: 1 });
    [job] = await findJobs(kind.name);
    // The wait doubles: two minutes after the second attempt.
    expect(job?.runAt.getTime()).toBe(second.getTime() + 2 * MINUTE);

    const third = new Date(second.getTime() + 2 * MINUTE);
    expect(await runDueJobs(db, definitions, third)).toMatchObject({ failed: 1 });
    [job] = await findJobs(kind.name);
    expect(job).toMatchObject({ status: "failed", attempts: 3, lastError: "attempt 3 refused" });
    expect(job?.finishedAt).toEqual(third);

    expect(await runDueJobs(db, definitions, new Date(third.getTime() + 24 * 60 * MINUTE))).toEqual(
      { done: 0, retried: 0, failed: 0 },
    );
    expect(attempts).toEqual([start, second, third]);
  });

  it("waits base × 2^(attempt − 1) between attempts, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, 30_000)).toBe(60 * MINUTE);
  });

  it("is given up when its worker died on the last attempt", async () => {
    const db = await getDb();
    const kind = uniqueJob("abandoned");
    await enqueueJob(db, kind, {}, { maxAttempts: 1 });
    const now = new Date();
    await claimJobs(db, [kind.name], { now, leaseMs: MINUTE, limit: 1 });
    let ran = false;
    await runDueJobs(
      db,
      [
        defineJob({
          ...kind,
          run: async () => {
            ran = true;
          },
        }),
      ],
      new Date(now.getTime() + MINUTE),
    );
    expect(ran).toBe(false);
    const [job] = await findJobs(kind.name);
    expect(job?.status).toBe("failed");
    expect(job?.lastError).toBe("the worker stopped before finishing");
  });
});

describe("recurring jobs", () => {
  it("runs one slot once, however often and from however many runners it is enqueued", async () => {
    const db = await getDb();
    const kind = uniqueJob("schedule");
    const slots: unknown[] = [];
    const definitions = [
      defineJob({
        ...kind,
        everyMinutes: 60,
        run: async (payload) => void slots.push(payload.slot),
      }),
    ];
    const slotStart = new Date(Math.floor(Date.now() / (60 * MINUTE)) * 60 * MINUTE);
    const inSlot = new Date(slotStart.getTime() + 5 * MINUTE);
    // Two processes' passes at once, and a third later in the same slot.
    await Promise.all([runDueJobs(db, definitions, inSlot), runDueJobs(db, definitions, inSlot)]);
    await runDueJobs(db, definitions, new Date(slotStart.getTime() + 59 * MINUTE));
    expect(slots).toEqual([slotStart.toISOString()]);
    expect(await findJobs(kind.name)).toHaveLength(1);

    const nextSlot = new Date(slotStart.getTime() + 60 * MINUTE);
    await runDueJobs(db, definitions, nextSlot);
    expect(slots).toEqual([slotStart.toISOString(), nextSlot.toISOString()]);
    const rows = await findJobs(kind.name);
    expect(rows.map((row) => row.uniqueKey)).toEqual([
      `${kind.name}:${slotStart.toISOString()}`,
      `${kind.name}:${nextSlot.toISOString()}`,
    ]);
  });

  it("enqueues a job with a unique key once", async () => {
    const db = await getDb();
    const kind = uniqueJob("dedupe");
    const first = await enqueueJob(db, kind, {}, { uniqueKey: `${kind.name}:1` });
    const again = await enqueueJob(db, kind, {}, { uniqueKey: `${kind.name}:1` });
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    expect(await findJobs(kind.name)).toHaveLength(1);
  });
});

/** Waits until `check` answers true, checking every 20 ms, for at most `ms`. */
async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe("lanes (design §10a)", () => {
  it("runs a lane's jobs at once while a job of another lane hangs", async () => {
    const db = await getDb();
    const hung = uniqueJob("hung");
    const quick = uniqueJob("quick");
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hangs = false;
    // The hung job is due first, so a runner working one job at a time would take it first.
    await enqueueJob(db, hung, {});
    await enqueueJob(db, quick, {});
    await enqueueJob(db, quick, {});
    const ran: number[] = [];
    const stop = startJobRunner(
      getDb,
      [
        defineJob({
          ...hung,
          lane: "mail",
          run: async () => {
            hangs = true;
            await gate;
          },
        }),
        defineJob({ ...quick, lane: "payments", run: async (_, { job }) => void ran.push(job.id) }),
      ],
      50,
    );
    try {
      const started = Date.now();
      expect(await waitFor(() => ran.length === 2, 3000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(hangs).toBe(true);
      const [stillRunning] = await findJobs(hung.name);
      expect(stillRunning?.status).toBe("running");
    } finally {
      release();
      await stop();
    }
    const [done] = await findJobs(hung.name);
    expect(done?.status).toBe("done");
  });

  it("never runs one job twice while two processes' runners work every lane at once", async () => {
    const db = await getDb();
    const kinds = { main: uniqueJob("main"), mail: uniqueJob("mail") } as const;
    const runs = new Map<number, number>();
    const record: JobDefinition["run"] = async (_, { job }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    };
    const definitions: JobDefinitions = [
      defineJob({ ...kinds.main, lane: "main", run: record }),
      defineJob({ ...kinds.mail, lane: "mail", run: record }),
    ];
    const ids: number[] = [];
    for (let index = 0; index < 40; index++) {
      const id = await enqueueJob(db, index % 2 ? kinds.main : kinds.mail, { index });
      if (id !== null) ids.push(id);
    }
    // Two processes: two runners claiming from the same queue, on their timers and nudged.
    const stops = [startJobRunner(getDb, definitions, 10), startJobRunner(getDb, definitions, 10)];
    nudgeJobRunners();
    try {
      expect(await waitFor(() => runs.size === ids.length, 10_000)).toBe(true);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = [...(await findJobs(kinds.main.name)), ...(await findJobs(kinds.mail.name))];
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ["done", 1]));
  });
});
