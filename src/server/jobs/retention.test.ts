import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serverJobs } from "../../test/jobs";
import { createTestMember, uniqueEmail } from "../../test/members";
import { sessions } from "../auth/schema";
import { accountTokens } from "../auth/tokens-schema";
import { type Database, getConnection, getDb } from "../db/client";
import { JOB_DEFINITIONS, OUTBOX_MAX_AGE_MS } from "../job-definitions";
import { mailOutbox } from "../lib/mail-schema";
import { rateLimits } from "../lib/rate-limit-schema";
import { smsOutbox } from "../lib/sms-schema";
import { directDebitMandates } from "../payments/schema";
import { idempotencyKeys } from "../request/idempotency-schema";
import { users } from "../users/schema";
import { runDueJobs } from "./runner";
import { jobs } from "./schema";
import { enqueueJob } from "./service";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Runs one of the server's scheduled jobs now, as the runner would. Always at the real time: on a
 * shared PostgreSQL server (design §11) a prune in the future would delete other files' rows.
 */
async function runScheduledJob(db: Database, name: string): Promise<void> {
  const definition = serverJobs([name])[name];
  if (!definition?.everyMinutes) throw new Error(`${name} is not a scheduled job`);
  await enqueueJob(db, name);
  const summary = await runDueJobs(db, { [name]: { ...definition, everyMinutes: undefined } });
  expect(summary.done).toBeGreaterThanOrEqual(1);
}

function ago(ms: number): Date {
  return new Date(Date.now() - ms);
}

describe("retention (design §10a)", () => {
  it("deletes rate-limit counters once their window is over, daily windows included", async () => {
    const db = await getDb();
    const subject = crypto.randomUUID();
    const window = (policy: string, start: Date) => ({
      key: `${policy}:${subject}`,
      windowStart: start,
      count: 1,
    });
    // loginIp windows last 15 minutes, passwordReset windows a day.
    const rows = [
      window("loginIp", ago(16 * MINUTE)),
      window("loginIp", ago(5 * MINUTE)),
      window("passwordReset", ago(DAY + MINUTE)),
      window("passwordReset", ago(23 * HOUR)),
      window("retiredPolicy", ago(DAY + MINUTE)),
    ];
    await db.insert(rateLimits).values(rows);
    await runScheduledJob(db, "prune.rate-limits");
    const left = await db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, [...new Set(rows.map((row) => row.key))]));
    expect(left.map((row) => [row.key, row.windowStart]).sort()).toEqual(
      [
        [`loginIp:${subject}`, rows[1]?.windowStart],
        [`passwordReset:${subject}`, rows[3]?.windowStart],
      ].sort(),
    );
  });

  it("forgets idempotency keys, with their stored answers, after 24 hours", async () => {
    const db = await getDb();
    const scope = `test:${crypto.randomUUID()}`;
    const key = (name: string, createdAt: Date) => ({
      scope,
      key: name,
      method: "POST",
      path: "/api/x.php",
      status: 200,
      body: "{}",
      createdAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([key("old", ago(DAY + MINUTE)), key("fresh", ago(23 * HOUR))]);
    await runScheduledJob(db, "prune.idempotency-keys");
    const left = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    expect(left.map((row) => row.key)).toEqual(["fresh"]);
  });

  it("deletes delivered mails after 7 days and any mail older than the longest link lifetime", async () => {
    const db = await getDb();
    const to = uniqueEmail("outbox");
    const mail = (subject: string, createdAt: Date, sentAt: Date | null) => ({
      siteId: "amora",
      kind: "test",
      from: "a@example.com",
      to,
      subject,
      text: "",
      html: "",
      createdAt,
      sentAt,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail("delivered 8 days ago", ago(8 * DAY), ago(8 * DAY)),
        mail("delivered 6 days ago", ago(6 * DAY), ago(6 * DAY)),
        mail("never delivered, links expired", ago(OUTBOX_MAX_AGE_MS + MINUTE), null),
        mail("never delivered, links may work", ago(30 * DAY), null),
      ]);
    await runScheduledJob(db, "prune.outbox");
    const left = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(left.map((row) => row.subject).sort()).toEqual([
      "delivered 6 days ago",
      "never delivered, links may work",
    ]);
    // The unsubscribe link of a notification works 90 days: no mail with a live link goes.
    expect(OUTBOX_MAX_AGE_MS).toBe(91 * DAY);
  });

  it("deletes texts (phone numbers, dead codes) a day after they were written", async () => {
    const db = await getDb();
    const to = `+3161${String(Date.now()).slice(-7)}`;
    const text = (body: string, createdAt: Date) => ({
      siteId: "amora",
      kind: "test",
      from: "Amora",
      to,
      text: body,
      createdAt,
    });
    await db
      .insert(smsOutbox)
      .values([text("25 hours old", ago(25 * HOUR)), text("23 hours old", ago(23 * HOUR))]);
    await runScheduledJob(db, "prune.sms-outbox");
    const left = await db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
    expect(left.map((row) => row.text)).toEqual(["23 hours old"]);
  });

  it("deletes direct-debit mandates nobody confirmed a day after their code expired", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const mandate = (holder: string, codeExpiresAt: Date, confirmedAt: Date | null) => ({
      userId: user.id,
      siteId: "amora",
      packageId: 1,
      holder,
      iban: "NL91ABNA0417164300",
      street: "Prinsengracht",
      houseNumber: "263",
      zip: "1016 GV",
      city: "Amsterdam",
      phone: "+31612345678",
      codeHash: "x",
      codeSalt: "y",
      codeExpiresAt,
      confirmedAt,
    });
    await db
      .insert(directDebitMandates)
      .values([
        mandate("abandoned 25 hours ago", ago(25 * HOUR), null),
        mandate("abandoned 23 hours ago", ago(23 * HOUR), null),
        mandate("confirmed long ago", ago(40 * DAY), ago(40 * DAY)),
      ]);
    await runScheduledJob(db, "prune.direct-debit-mandates");
    const left = await db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.userId, user.id));
    expect(left.map((row) => row.holder).sort()).toEqual([
      "abandoned 23 hours ago",
      "confirmed long ago",
    ]);
  });

  it("deletes expired sessions and keeps live ones", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const session = (id: string, expiresAt: Date) => ({ id, userId: user.id, expiresAt });
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    await db
      .insert(sessions)
      .values([session(ids[0] ?? "", ago(MINUTE)), session(ids[1] ?? "", ago(-DAY))]);
    await runScheduledJob(db, "prune.sessions");
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([ids[1]]);
  });

  it("deletes used and expired account tokens, keeping unused live ones and live unsubscribe links", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = (
      id: string,
      purpose: "password_reset" | "unsubscribe",
      expiresAt: Date,
      usedAt: Date | null,
    ) => ({ id: `${id}-${crypto.randomUUID()}`, userId: user.id, purpose, expiresAt, usedAt });
    await db.insert(accountTokens).values([
      token("used reset", "password_reset", ago(-HOUR), ago(MINUTE)),
      token("expired reset", "password_reset", ago(MINUTE), null),
      token("live reset", "password_reset", ago(-HOUR), null),
      // A replaced unsubscribe link is marked used but keeps working until it expires.
      token("replaced unsubscribe", "unsubscribe", ago(-DAY), ago(MINUTE)),
      token("expired unsubscribe", "unsubscribe", ago(MINUTE), ago(DAY)),
    ]);
    await runScheduledJob(db, "prune.account-tokens");
    const left = await db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(left.map((row) => row.id.replace(/-[0-9a-f-]{36}$/, "")).sort()).toEqual([
      "live reset",
      "replaced unsubscribe",
    ]);
  });

  it("deletes done jobs after 7 days and failed ones after 30, never pending or running ones", async () => {
    const db = await getDb();
    const name = `test.prune.${crypto.randomUUID()}`;
    const job = (
      uniqueKey: string,
      status: "pending" | "running" | "done" | "failed",
      finishedAt: Date | null,
    ) => ({
      name,
      uniqueKey: `${name}:${uniqueKey}`,
      status,
      finishedAt,
      createdAt: ago(60 * DAY),
      runAt: ago(60 * DAY),
    });
    await db
      .insert(jobs)
      .values([
        job("done 8 days ago", "done", ago(8 * DAY)),
        job("done 6 days ago", "done", ago(6 * DAY)),
        job("failed 31 days ago", "failed", ago(31 * DAY)),
        job("failed 29 days ago", "failed", ago(29 * DAY)),
        job("pending", "pending", null),
      ]);
    await runScheduledJob(db, "prune.jobs");
    const left = await db.select().from(jobs).where(eq(jobs.name, name));
    expect(left.map((row) => row.uniqueKey?.slice(name.length + 1)).sort()).toEqual([
      "done 6 days ago",
      "failed 29 days ago",
      "pending",
    ]);
  });

  it("erases accounts pending deletion for more than 14 days in the erasure job (spec §1)", async () => {
    const db = await getDb();
    const { user: due } = await createTestMember(db);
    const { user: recent } = await createTestMember(db);
    await db
      .update(users)
      .set({ deletionRequestedAt: ago(15 * DAY) })
      .where(eq(users.id, due.id));
    await db
      .update(users)
      .set({ deletionRequestedAt: ago(13 * DAY) })
      .where(eq(users.id, recent.id));
    await runScheduledJob(db, "users.erase-expired");
    const [erased] = await db.select().from(users).where(eq(users.id, due.id));
    const [kept] = await db.select().from(users).where(eq(users.id, recent.id));
    expect(erased?.erasedAt).toBeInstanceOf(Date);
    expect(erased?.email).not.toBe(due.email);
    expect(kept).toMatchObject({ erasedAt: null, email: recent.email });
  });

  it("vacuums the embedded database daily, which has no autovacuum (db.vacuum)", async () => {
    const db = await getDb();
    const { engine } = await getConnection();
    const { user } = await createTestMember(db);
    await db.update(users).set({ credits: 3 }).where(eq(users.id, user.id));
    // Only VACUUM marks pages all-visible (the map index-only scans read); an update unmarks its
    // page. PGlite keeps no dead-row statistics to ask instead.
    const allVisible = async () => {
      const [table] = await db
        .select({
          pages: sql<number>`relpages`.mapWith(Number),
          visible: sql<number>`relallvisible`.mapWith(Number),
        })
        .from(sql`pg_class`)
        .where(sql`relname = 'users'`);
      return table !== undefined && table.pages > 0 && table.visible === table.pages;
    };
    expect(JOB_DEFINITIONS["db.vacuum"]?.everyMinutes).toBe(24 * 60);
    if (engine === "pglite") expect(await allVisible()).toBe(false);
    await runScheduledJob(db, "db.vacuum");
    // PostgreSQL's own autovacuum does this there; the job leaves it alone.
    if (engine === "pglite") expect(await allVisible()).toBe(true);
  });

  it("schedules erasure hourly and every pruning job", () => {
    expect(JOB_DEFINITIONS["users.erase-expired"]?.everyMinutes).toBe(60);
    for (const name of [
      "prune.rate-limits",
      "prune.idempotency-keys",
      "prune.outbox",
      "prune.sms-outbox",
      "prune.direct-debit-mandates",
      "prune.sessions",
      "prune.account-tokens",
      "prune.jobs",
    ]) {
      expect(JOB_DEFINITIONS[name]?.everyMinutes, name).toBeGreaterThan(0);
    }
  });
});
