import type { AddressInfo, Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { JobDefinitions } from "../jobs/runner";

// issue 25 item 18: a mail server that accepts connections and never greets. It is started,
// and SMTP_URL set, before any module reads the environment (read once per process).
const { hung } = await vi.hoisted(async () => {
  const { createServer } = await import("node:net");
  const sockets = new Set<Socket>();
  // Once a test is done with it, it drops every connection at once instead.
  const state = { hanging: true };
  const server = createServer((socket) => {
    if (!state.hanging) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  return { hung: { server, sockets, state } };
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  for (const socket of hung.sockets) socket.destroy();
  await new Promise<void>((resolve) => hung.server.close(() => resolve()));
});

/** Waits until `check` answers true, checking every 50 ms, for at most `ms`. */
async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe("a hung mail server (design §10a)", () => {
  it("puts mail delivery, and only mail delivery, in the mail lane", async () => {
    const { JOB_DEFINITIONS } = await import("../job-definitions");
    const { MAIL_DELIVERY_JOB } = await import("./mail");
    const inMailLane = Object.entries(JOB_DEFINITIONS)
      .filter(([, definition]) => definition.lane === "mail")
      .map(([name]) => name);
    expect(inMailLane).toEqual([MAIL_DELIVERY_JOB]);
  });

  it("holds back no payment, push or pruning job, and its mail fails fast to be retried later", async () => {
    const { getDb } = await import("../db/client");
    const { JOB_DEFINITIONS } = await import("../job-definitions");
    const { serverJobs } = await import("../../test/jobs");
    const { retryDelayMs, startJobRunner } = await import("../jobs/runner");
    const { jobs } = await import("../jobs/schema");
    const { enqueueJob } = await import("../jobs/service");
    const { defaultSite } = await import("../sites/registry");
    const { MAIL_DELIVERY_ATTEMPTS, MAIL_DELIVERY_JOB, MAIL_RETRY_BASE_MS, SMTP_TIMEOUTS } =
      await import("./mail");
    const { mailOutbox } = await import("./mail-schema");
    const db = await getDb();
    // Names of this test alone (on a PostgreSQL server the test files share one queue), each
    // with the real definition's lane: the real mail delivery, stand-ins for every other kind.
    const suffix = `.test-${crypto.randomUUID()}`;
    const mailJob = `${MAIL_DELIVERY_JOB}${suffix}`;
    const definitions: JobDefinitions = {
      [mailJob]: serverJobs([MAIL_DELIVERY_JOB])[MAIL_DELIVERY_JOB] as JobDefinitions[string],
    };
    const ranAt = new Map<string, number>();
    for (const [name, definition] of Object.entries(JOB_DEFINITIONS)) {
      if (name === MAIL_DELIVERY_JOB) continue;
      definitions[`${name}${suffix}`] = {
        ...definition,
        everyMinutes: undefined,
        run: async () => void ranAt.set(name, Date.now()),
      };
    }

    // Two mails are due first, as in the report (each attempt then waited 30 s for a greeting).
    const mailJobs: number[] = [];
    for (const to of ["first@test.example", "second@test.example"]) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          siteId: defaultSite.id,
          kind: "test",
          from: "no-reply@amora.example",
          to,
          subject: "Hello",
          text: "Hello",
          html: "<p>Hello</p>",
        })
        .returning({ id: mailOutbox.id });
      const id = await enqueueJob(
        db,
        mailJob,
        { outboxId: row?.id },
        { maxAttempts: MAIL_DELIVERY_ATTEMPTS },
      );
      if (id !== null) mailJobs.push(id);
    }
    const others = Object.keys(definitions).filter((name) => name !== mailJob);
    for (const name of others) await enqueueJob(db, name);

    const started = Date.now();
    const stop = startJobRunner(getDb, definitions, 100);
    try {
      // Every other kind (payments.sync among them) runs at once.
      expect(await waitFor(() => ranAt.size === others.length, 5000)).toBe(true);
      expect(Math.max(...ranAt.values()) - started).toBeLessThan(2000);

      // The first mail's attempt gives up after the greeting timeout, not 30 s, and is retried.
      const firstJob = async () =>
        (
          await db
            .select()
            .from(jobs)
            .where(eq(jobs.id, mailJobs[0] ?? 0))
        )[0];
      expect(
        await waitFor(
          async () => (await firstJob())?.status === "pending",
          SMTP_TIMEOUTS.greetingTimeout + 5000,
        ),
      ).toBe(true);
      const failedAt = Date.now();
      expect(failedAt - started).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 3000);
      const job = await firstJob();
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job?.lastError).toMatch(/greeting/i);
      const retryIn = (job?.runAt.getTime() ?? 0) - failedAt;
      expect(retryIn).toBeGreaterThan(retryDelayMs(1, MAIL_RETRY_BASE_MS) - 5000);
      expect(retryIn).toBeLessThanOrEqual(retryDelayMs(1, MAIL_RETRY_BASE_MS));
      const [outbox] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, Number(job?.payload.outboxId)));
      expect(outbox).toMatchObject({ sentAt: null, attempts: 1 });
    } finally {
      // The second mail's attempt ends at once when the server drops its connection.
      hung.state.hanging = false;
      for (const socket of hung.sockets) socket.destroy();
      await stop();
    }
  }, 30_000);
});
