import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestMember } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { creditLedger } from "../credits/schema";
import { spendCredits } from "../credits/service";
import { memberEvents } from "../events/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";

const app = createApp();

describe("a credit correction racing spends (design §9)", () => {
  it("never takes the balance below zero under 20 parallel spends; the ledger sums to it", async () => {
    const db = await getReadyDb();
    const staff = await createSignedInStaff(app, "support");
    const { user } = await createTestMember(db, { credits: 100 });
    const spends = Array.from({ length: 20 }, (_, index) =>
      db.transaction((tx) => spendCredits(tx, user.id, 5, "message", `message:race-${index}`)),
    );
    const correction = staffCall(
      app,
      "POST",
      `/api/staff/members/${user.id}/credits`,
      staff.cookie,
      {
        delta: -60,
        reason: "taken back: duplicate grant",
      },
    );
    const [spent, corrected] = await Promise.all([Promise.all(spends), correction]);
    const spendsDone = spent.filter((balance) => balance !== null).length;
    const correctionDone = corrected.status === 200;
    expect([200, 409]).toContain(corrected.status);

    const [row] = await db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    const [ledger] = await db
      .select({
        sum: sql<number>`sum(${creditLedger.delta})::int`,
        low: sql<number>`min(${creditLedger.balanceAfter})::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(row?.credits).toBeGreaterThanOrEqual(0);
    expect(ledger?.low).toBeGreaterThanOrEqual(0);
    expect(ledger?.sum).toBe(row?.credits);
    expect(row?.credits).toBe(100 - 5 * spendsDone - (correctionDone ? 60 : 0));
    // More was asked for than the balance held: something was refused.
    expect(5 * spendsDone + (correctionDone ? 60 : 0)).toBeLessThanOrEqual(100);
  });

  it("tells the member's open pages the new balance, as a spend does (the credits event)", async () => {
    const db = await getReadyDb();
    const staff = await createSignedInStaff(app, "support");
    const { user } = await createTestMember(db, { credits: 10 });
    const answer = await staffCall(
      app,
      "POST",
      `/api/staff/members/${user.id}/credits`,
      staff.cookie,
      {
        delta: 7,
        reason: "goodwill",
      },
    );
    expect(answer.status).toBe(200);
    const events = await db
      .select({ type: memberEvents.type, data: memberEvents.data })
      .from(memberEvents)
      .where(eq(memberEvents.userId, user.id));
    expect(events.at(-1)).toEqual({ type: "credits", data: { credits: 17 } });
  });
});
