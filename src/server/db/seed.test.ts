import { and, count, eq, isNotNull, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runJobsNamed } from "../../test/jobs";
import { jobs } from "../jobs/schema";
import { getStorage } from "../lib/storage";
import { profiles } from "../profiles/schema";
import { DEMO_STAFF_EMAIL, demoStaffTotpSecret } from "../staff/demo";
import { staffAccounts } from "../staff/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { DEMO_LOGINS, demoSeedJob, seedDemoBatch, seedDemoIfEmpty } from "./seed";

async function demoMembers() {
  const db = await getReadyDb();
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(like(users.email, "%@members.demo.invalid"), isNotNull(profiles.mainPhotoId)));
  return row?.total ?? 0;
}

describe("the first start's demo (design §11: serving within seconds)", () => {
  it("seeds the logins at once and leaves the members to the job runner, in batches", async () => {
    const db = await getReadyDb();
    expect(await seedDemoIfEmpty(db, getStorage(), { members: 3 })).toBe(true);
    const logins = await db.select({ email: users.email }).from(users);
    expect(logins.map((row) => row.email).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    expect(await demoMembers()).toBe(0);
    // One staff admin, whose TOTP key `npm start` prints with the demo logins.
    const staff = await db.select().from(staffAccounts);
    expect(staff).toMatchObject([{ email: DEMO_STAFF_EMAIL, role: "admin", disabledAt: null }]);
    expect(await demoStaffTotpSecret(db)).toMatch(/^[A-Z2-7]{32}$/);
    const queued = await db.select().from(jobs).where(eq(jobs.name, demoSeedJob.name));
    expect(queued).toMatchObject([{ payload: { members: 3 }, status: "pending" }]);

    // A second start finds the database in use: nothing is seeded or queued again.
    expect(await seedDemoIfEmpty(db, getStorage(), { members: 3 })).toBe(false);

    // A batch of two, then the job the batch queued seeds the last one.
    await seedDemoBatch(db, getStorage(), 3, { batch: 2 });
    expect(await demoMembers()).toBe(2);
    expect(await runJobsNamed([demoSeedJob.name])).toMatchObject({ failed: 0 });
    expect(await demoMembers()).toBe(3);

    // A run repeated (a crash after its commit) adds nobody.
    await seedDemoBatch(db, getStorage(), 3);
    expect(await demoMembers()).toBe(3);
    const pending = await db
      .select({ total: count() })
      .from(jobs)
      .where(and(eq(jobs.name, demoSeedJob.name), eq(jobs.status, "pending")));
    expect(pending[0]?.total).toBe(0);
  });
});
