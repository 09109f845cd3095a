import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "../db/client";
import { JOB_DEFINITIONS } from "../job-definitions";
import { declareJob, defineJob } from "./define";
import { runDueJobs } from "./runner";
import { jobs } from "./schema";
import { enqueueJob } from "./service";

/** A job of this test alone, whose run records the payloads it was given. */
function recordingJob() {
  const runs: { order: number; note: string }[] = [];
  const definition = defineJob({
    name: `test.typed.${crypto.randomUUID()}`,
    payload: z.object({ order: z.number().int(), note: z.string().default("none") }),
    run: async (payload) => void runs.push(payload),
  });
  return { definition, runs };
}

async function findJob(name: string) {
  const db = await getDb();
  const [job] = await db.select().from(jobs).where(eq(jobs.name, name));
  return job;
}

describe("a job with a typed payload (defineJob)", () => {
  it("runs with its payload parsed by the job's schema", async () => {
    const db = await getDb();
    const { definition, runs } = recordingJob();
    await enqueueJob(db, definition, { order: 7 });
    expect(await runDueJobs(db, [definition])).toMatchObject({ done: 1 });
    expect(runs).toEqual([{ order: 7, note: "none" }]);
    // Stored as given: the schema's default is applied when it runs.
    expect((await findJob(definition.name))?.payload).toEqual({ order: 7 });
  });

  it("refuses to enqueue a payload its schema refuses", async () => {
    const db = await getDb();
    const { definition } = recordingJob();
    // @ts-expect-error: the payload's type comes from the schema; `order` is a number.
    await expect(enqueueJob(db, definition, { order: "7" })).rejects.toThrow(z.ZodError);
    expect(await findJob(definition.name)).toBeUndefined();
  });

  it("fails a stored payload that no longer parses at once, without retrying it", async () => {
    const db = await getDb();
    const { definition, runs } = recordingJob();
    // A row written by other code (or an older version of this one) than the schema expects.
    await db.insert(jobs).values({ name: definition.name, payload: { order: "seven" } });
    expect(await runDueJobs(db, [definition])).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(runs).toEqual([]);
    const job = await findJob(definition.name);
    expect(job).toMatchObject({ status: "failed", attempts: 1, maxAttempts: 5 });
    expect(job?.lastError).toMatch(/^invalid payload: .*order/s);
  });

  it("is enqueued through its declaration by code that cannot import its definition", async () => {
    const db = await getDb();
    const declared = declareJob(
      `test.declared.${crypto.randomUUID()}`,
      z.object({ id: z.number() }),
    );
    const seen: number[] = [];
    const definition = defineJob({ ...declared, run: async ({ id }) => void seen.push(id) });
    await enqueueJob(db, declared, { id: 3 });
    await runDueJobs(db, [definition]);
    expect(seen).toEqual([3]);
  });
});

describe("the server's jobs (job-definitions.ts)", () => {
  it("have one definition a name", () => {
    const names = JOB_DEFINITIONS.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("accept the payloads of the jobs as enqueued today", async () => {
    // One payload a kind, as each is stored; a kind's schema must keep reading its rows.
    const stored: Record<string, unknown> = {
      "auth.password-reset-mail": { email: "a@b.example", siteId: "amora", locale: "de" },
      "mail.deliver": { outboxId: 1 },
      "sms.deliver": { outboxId: 1 },
      "chat.push": { message: 1, conversation: 2, recipient: 3 },
      "chat.mail": { message: 1, conversation: 2, recipient: 3 },
      "likes.push": { liker: 1, liked: 2 },
      "likes.match-mail": { profile: 1, partner: 2 },
      "payments.receipt-mail": { order: 1 },
      "payments.refund": { order: 1 },
      "payments.sync": { payment: "tr_WDqYK6vllg" },
      "demo.seed-members": { members: 320 },
      "metrics.backfill": { from: "2026-01-01", to: "2026-01-31" },
    };
    for (const definition of JOB_DEFINITIONS) {
      const payload = definition.everyMinutes
        ? { slot: new Date().toISOString() }
        : stored[definition.name];
      expect(payload, `a stored payload of ${definition.name}`).toBeDefined();
      const parsed = await definition.payload.safeParseAsync(payload);
      expect(parsed.success, definition.name).toBe(true);
    }
  });
});
