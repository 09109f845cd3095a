import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { decodeQuotedPrintable } from "../../test/smtp-stand-in";

// A real SMTP server on loopback receives what the site sends (design §2: real transport). It is
// started, and SMTP_URL set, before any module reads the environment (read once per process).
// Recipients whose address starts with "refused-" are refused while `refusal.refusing` is on.
const { smtp, refusal } = await vi.hoisted(async () => {
  const { startSmtpStandIn } = await import("../../test/smtp-stand-in");
  const refusal = { refusing: true };
  const smtp = await startSmtpStandIn({
    refuse: (address) => refusal.refusing && address.startsWith("refused-"),
  });
  process.env.SMTP_URL = smtp.url;
  return { smtp, refusal };
});
const { received } = smtp;

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

/** The runner's pass over the mail delivery job alone, at `now`. */
async function deliverDueMails(now?: Date) {
  const { getDb } = await import("../db/client");
  const { serverJobs } = await import("../../test/jobs");
  const { runDueJobs } = await import("../jobs/runner");
  const { MAIL_DELIVERY_JOB } = await import("./mail");
  return runDueJobs(await getDb(), serverJobs([MAIL_DELIVERY_JOB]), now);
}

/** The delivery job of an outbox row. */
async function findDeliveryJob(outboxId: number) {
  const { getDb } = await import("../db/client");
  const { jobs } = await import("../jobs/schema");
  const db = await getDb();
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `mail.deliver:${outboxId}`));
  return job;
}

async function sendTestMail(to: string) {
  const { getDb } = await import("../db/client");
  const { defaultSite } = await import("../sites/registry");
  const { sendMail } = await import("./mail");
  await sendMail(await getDb(), defaultSite, {
    kind: "test",
    to,
    subject: "Hello",
    text: "Hello",
    html: "<p>Hello</p>",
  });
}

describe("e-mail over SMTP (design §10a: sent from the outbox by a job)", () => {
  it("delivers the activation e-mail of a signup when the job runs, with the site's sender name, text and HTML", async () => {
    const { createApp } = await import("../app");
    const { findMailsTo } = await import("../../test/outbox");
    const email = `smtp-${crypto.randomUUID()}@test.example`;
    const response = await createApp().request("/api/signup.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "locale=de" },
      body: JSON.stringify({
        email,
        name: "Jürgen",
        password: "ein langes und seltenes Passwort",
        date_of_birth: "1985-02-01",
      }),
    });
    expect(response.status).toBe(201);
    // The request only wrote the outbox: nothing has gone out yet.
    expect(received.some((mail) => mail.to.includes(email))).toBe(false);
    const [queued] = await findMailsTo(email);
    expect(queued?.sentAt).toBeNull();

    expect((await deliverDueMails()).done).toBeGreaterThanOrEqual(1);
    const message = received.find((mail) => mail.to.includes(email));
    expect(message?.from).toBe("no-reply@amora.example");
    const raw = decodeQuotedPrintable(message?.raw ?? "");
    expect(raw).toMatch(/^From: Amora <no-reply@amora\.example>/m);
    expect(raw).toMatch(/^Subject: .+/m);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toMatch(/\/api\/activate\.php\?token=[a-z0-9]+/);

    const [outbox] = await findMailsTo(email);
    expect(outbox?.sentAt).toBeInstanceOf(Date);
    expect(outbox?.attempts).toBe(1);
    expect(outbox?.error).toBeNull();
    // Once delivered it is not sent again.
    await deliverDueMails();
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it("retries a refused mail later with backoff, and delivers it once the server takes it", async () => {
    const { findMailsTo } = await import("../../test/outbox");
    const { retryDelayMs } = await import("../jobs/runner");
    const { MAIL_RETRY_BASE_MS } = await import("./mail");
    const email = `refused-${crypto.randomUUID()}@test.example`;
    await sendTestMail(email);
    const start = new Date();
    expect(await deliverDueMails(start)).toMatchObject({ retried: 1 });

    let [outbox] = await findMailsTo(email);
    expect(outbox).toMatchObject({ sentAt: null, attempts: 1 });
    expect(outbox?.error).toContain("mailbox unavailable");
    const job = await findDeliveryJob(outbox?.id ?? 0);
    expect(job?.status).toBe("pending");
    expect(job?.runAt.getTime()).toBe(start.getTime() + retryDelayMs(1, MAIL_RETRY_BASE_MS));

    refusal.refusing = false;
    try {
      expect(await deliverDueMails(new Date(start.getTime() + 1000))).toMatchObject({ done: 0 });
      expect(await deliverDueMails(job?.runAt)).toMatchObject({ done: 1 });
    } finally {
      refusal.refusing = true;
    }
    [outbox] = await findMailsTo(email);
    expect(outbox).toMatchObject({ attempts: 2, error: null });
    expect(outbox?.sentAt).toBeInstanceOf(Date);
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it("gives up on a mail the server keeps refusing after its max attempts, keeping the last error", async () => {
    const { findMailsTo } = await import("../../test/outbox");
    const { MAIL_DELIVERY_ATTEMPTS } = await import("./mail");
    const email = `refused-${crypto.randomUUID()}@test.example`;
    await sendTestMail(email);
    const [queued] = await findMailsTo(email);
    let now = new Date();
    for (let attempt = 1; attempt <= MAIL_DELIVERY_ATTEMPTS; attempt++) {
      const summary = await deliverDueMails(now);
      expect(summary).toMatchObject(
        attempt < MAIL_DELIVERY_ATTEMPTS ? { retried: 1 } : { failed: 1 },
      );
      now = (await findDeliveryJob(queued?.id ?? 0))?.runAt ?? now;
    }
    const job = await findDeliveryJob(queued?.id ?? 0);
    expect(job).toMatchObject({ status: "failed", attempts: MAIL_DELIVERY_ATTEMPTS });
    expect(job?.lastError).toContain("mailbox unavailable");
    const [outbox] = await findMailsTo(email);
    expect(outbox).toMatchObject({ sentAt: null, attempts: MAIL_DELIVERY_ATTEMPTS });
    expect(await deliverDueMails(new Date(now.getTime() + 86_400_000))).toMatchObject({
      retried: 0,
      failed: 0,
    });
  });
});
