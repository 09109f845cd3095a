import { and, between, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runJobsNamed } from "../../test/jobs";
import { createTestMember } from "../../test/members";
import { createTestStaff } from "../../test/staff";
import { conversations, messages } from "../chat/schema";
import type { Database } from "../db/client";
import { getJobDefinition } from "../job-definitions";
import { jobs } from "../jobs/schema";
import { enqueueJob } from "../jobs/service";
import { likes, matches } from "../likes/schema";
import { orders } from "../payments/schema";
import { reportCases } from "../reports/schema";
import { inboxAnswers } from "../staff/inbox-schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { confirmUser } from "../users/service";
import {
  addDays,
  enqueueFirstBackfill,
  recomputeDay,
  recomputeDays,
  recomputeRecentDays,
} from "./rollup";
import { metricRollups } from "./schema";

// Days of their own, far in the past: on a shared PostgreSQL server other files write "now".
const DAY = "2019-06-11";
const NEXT = "2019-06-12";
const at = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

let db: Database;

async function member(site: string, signup: Date, activated: Date | null, fictional = false) {
  const made = await createTestMember(db, { siteId: site, profile: { fictional } });
  await db
    .update(users)
    .set({ signupDate: signup, activatedAt: activated })
    .where(eq(users.id, made.user.id));
  return made;
}

async function message(from: number, to: number, createdAt: Date): Promise<number> {
  const [low, high] = from < to ? [from, to] : [to, from];
  const [existing] = await db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high })
    .onConflictDoNothing()
    .returning();
  const conversation =
    existing ??
    (await db.select().from(conversations).where(eq(conversations.userLowId, low))).find(
      (row) => row.userHighId === high,
    );
  if (!conversation) throw new Error("no conversation");
  const [sent] = await db
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderUserId: from,
      kind: "text",
      body: "hi",
      createdAt,
    })
    .returning();
  if (!sent) throw new Error("no message");
  return conversation.id;
}

async function order(userId: number, amount: number, currency: "EUR" | "GBP", completedAt: Date) {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      siteId: "amora",
      packageId: 1,
      credits: 10,
      amount,
      currency,
      method: "creditcard",
      provider: "sandbox",
      locale: "en",
      state: "completed",
      completedAt,
    })
    .returning();
  if (!row) throw new Error("no order");
  return row;
}

async function stored(site: string, from = DAY, to = NEXT) {
  const rows = await db
    .select()
    .from(metricRollups)
    .where(and(eq(metricRollups.siteId, site), between(metricRollups.day, from, to)));
  return Object.fromEntries(
    rows.map((row) => [
      `${row.day} ${row.metric}${row.currency ? ` ${row.currency}` : ""}`,
      row.value,
    ]),
  );
}

beforeAll(async () => {
  db = await getReadyDb();
  const a1 = await member("amora", at(DAY, 9), at(DAY, 10));
  const a2 = await member("amora", at(DAY, 11), null);
  await member("amora", at(NEXT, 8), at(NEXT, 9));
  await member("herzklopfen", at(DAY, 12), at(DAY, 12));
  const fictional = await member("amora", at(DAY, 7), at(DAY, 7), true);
  // Messages: two by a member and one by the fictional profile on DAY, one the next day.
  await message(a1.user.id, fictional.user.id, at(DAY, 13));
  await message(a1.user.id, fictional.user.id, at(DAY, 14));
  const answered = await message(fictional.user.id, a1.user.id, at(DAY, 15));
  // An agent answered for the profile: first responses after 60, 120 and 600 s on DAY (a
  // second reply in a row has no wait and does not count), and one after 30 s on NEXT.
  const agent = await createTestStaff("operator");
  const ids = 9_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const reply = (messageId: number, waitedSeconds: number | null, createdAt: Date) => ({
    messageId,
    conversationId: answered,
    staffId: agent.id,
    siteId: "amora",
    waitedSeconds,
    createdAt,
  });
  await db
    .insert(inboxAnswers)
    .values([
      reply(ids + 1, 60, at(DAY, 15)),
      reply(ids + 2, 120, at(DAY, 16)),
      reply(ids + 3, 600, at(DAY, 20)),
      reply(ids + 4, null, at(DAY, 21)),
      reply(ids + 5, 30, at(NEXT, 9)),
    ]);
  await message(a2.user.id, a1.user.id, at(NEXT, 10));
  // Two likes that cross: one match.
  await db.insert(likes).values([
    { likerProfileId: a1.profile.id, likedProfileId: a2.profile.id, createdAt: at(DAY, 16) },
    { likerProfileId: a2.profile.id, likedProfileId: a1.profile.id, createdAt: at(DAY, 17) },
  ]);
  const [low, high] = [a1.profile.id, a2.profile.id].sort((x, y) => x - y) as [number, number];
  await db
    .insert(matches)
    .values({ profileLowId: low, profileHighId: high, createdAt: at(DAY, 17) });
  // a1 pays twice (first on DAY); a2 pays in GBP on DAY and is refunded in full the next day.
  await order(a1.user.id, 1999, "EUR", at(DAY, 18));
  await order(a1.user.id, 999, "EUR", at(NEXT, 18));
  const refunded = await order(a2.user.id, 1500, "GBP", at(DAY, 19));
  await db
    .update(orders)
    .set({ state: "refunded", refundedAmount: 1500, refundedAt: at(NEXT, 11) })
    .where(eq(orders.id, refunded.id));
  await db.insert(reportCases).values({ reportedUserId: a2.user.id, severity: 1 });
});

describe("the console's daily rollup (issue 28 item 4)", () => {
  it("counts each day's figures per site from the features' tables", async () => {
    await recomputeDays(db, DAY, NEXT);
    expect(await stored("amora")).toEqual({
      [`${DAY} signups`]: 2,
      [`${DAY} activations`]: 1,
      [`${DAY} active_members`]: 2,
      [`${DAY} messages_members`]: 2,
      [`${DAY} messages_profiles`]: 1,
      [`${DAY} likes`]: 2,
      [`${DAY} matches`]: 1,
      [`${DAY} first_payments`]: 2,
      [`${DAY} revenue EUR`]: 1999,
      [`${DAY} revenue GBP`]: 1500,
      [`${DAY} inbox_first_response`]: 120,
      [`${NEXT} signups`]: 1,
      [`${NEXT} activations`]: 1,
      [`${NEXT} active_members`]: 1,
      [`${NEXT} messages_members`]: 1,
      [`${NEXT} revenue EUR`]: 999,
      [`${NEXT} revenue GBP`]: -1500,
      [`${NEXT} inbox_first_response`]: 30,
    });
    expect(await stored("herzklopfen")).toEqual({
      [`${DAY} signups`]: 1,
      [`${DAY} activations`]: 1,
    });
  });

  it("stores the same rows when run again, and replaces a day that changed", async () => {
    await recomputeDays(db, DAY, NEXT);
    const first = await stored("amora");
    await recomputeDays(db, DAY, NEXT);
    expect(await stored("amora")).toEqual(first);
    await db.delete(likes).where(eq(likes.createdAt, at(DAY, 17)));
    await recomputeDay(db, DAY);
    expect((await stored("amora"))[`${DAY} likes`]).toBe(1);
  });

  it("backfills a range through its job", async () => {
    await db.delete(metricRollups).where(between(metricRollups.day, DAY, NEXT));
    await enqueueJob(db, getJobDefinition("metrics.backfill"), { from: DAY, to: NEXT });
    const summary = await runJobsNamed(["metrics.backfill"]);
    expect(summary.failed).toBe(0);
    expect(await stored("amora")).toMatchObject({ [`${DAY} signups`]: 2, [`${NEXT} signups`]: 1 });
  });

  it("recounts yesterday and today, and today's open reports, on its schedule", async () => {
    await db.delete(metricRollups).where(between(metricRollups.day, DAY, NEXT));
    await recomputeRecentDays(db, at(NEXT, 20));
    const rows = await stored("amora");
    expect(rows).toMatchObject({ [`${DAY} signups`]: 2, [`${NEXT} signups`]: 1 });
    expect(rows[`${DAY} open_reports`]).toBeUndefined();
    expect(rows[`${NEXT} open_reports`]).toBeGreaterThanOrEqual(1);
    // A later recount of a past day keeps its open reports as they were counted.
    await recomputeDay(db, NEXT);
    expect((await stored("amora"))[`${NEXT} open_reports`]).toBe(rows[`${NEXT} open_reports`]);
  });

  it("takes an activation's day from the address's first confirmation, kept after", async () => {
    const { user } = await createTestMember(db, { status: "not_confirmed" });
    expect(user.activatedAt).toBeNull();
    const first = await confirmUser(db, user.id);
    expect(first?.activatedAt).toBeInstanceOf(Date);
    const again = await confirmUser(db, user.id);
    expect(again?.activatedAt).toEqual(first?.activatedAt);
  });

  it("recounts the days before yesterday once, from the first signup, a year at most", async () => {
    const keyed = (from: string) =>
      db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `metrics.backfill:first:${from}`));
    const signedUpOn = async (day: string) => {
      const { user } = await createTestMember(db);
      const signupDate = new Date(`${day}T08:00:00Z`);
      await db.update(users).set({ signupDate }).where(eq(users.id, user.id));
    };
    // 1990: nobody had signed up before it (a new database): nothing to recount.
    await enqueueFirstBackfill(db, at("1990-01-09", 12));
    expect(await keyed("1990-01-08")).toEqual([]);
    // From the first signup on, once however often the recount asks.
    await signedUpOn("1989-12-01");
    await enqueueFirstBackfill(db, at("1990-01-09", 12));
    await enqueueFirstBackfill(db, at("1990-01-09", 12));
    const queued = await keyed("1989-12-01");
    expect(queued.map((job) => job.payload)).toEqual([{ from: "1989-12-01", to: "1990-01-07" }]);
    // A first signup long before: the year before yesterday, no more.
    await signedUpOn("1980-05-05");
    await enqueueFirstBackfill(db, at("1990-01-09", 12));
    const year = await keyed("1989-01-09");
    expect(year.map((job) => job.payload)).toEqual([{ from: "1989-01-09", to: "1990-01-07" }]);
    await db.delete(jobs).where(eq(jobs.uniqueKey, "metrics.backfill:first:1989-12-01"));
    await db.delete(jobs).where(eq(jobs.uniqueKey, "metrics.backfill:first:1989-01-09"));
    // This file's days are stored: a later day's yesterday has them before it.
    await recomputeDay(db, DAY);
    await enqueueFirstBackfill(db, at(addDays(NEXT, 1), 12));
    const later = await db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `metrics.backfill:first:${addDays(NEXT, -364)}`));
    expect(later).toEqual([]);
  });
});
