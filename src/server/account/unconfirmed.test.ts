import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { directDebitMandate, memberCaller } from "../../test/api";
import { openEventStream } from "../../test/event-stream";
import { createLoggedInMember, type TestMember, type TestMemberOptions } from "../../test/members";
import { createApp } from "../app";
import { blocks } from "../blocks/schema";
import { swipeDays } from "../discovery/schema";
import { jobs } from "../jobs/schema";
import { likes } from "../likes/schema";
import { directDebitMandates, orders } from "../payments/schema";
import { reports } from "../reports/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";

/*
 * The unconfirmed-account rule (ARCHITECTURE.md; spec §4, §6): until the address is confirmed a
 * member browses, edits their profile, blocks and reports; nothing of theirs reaches another
 * member or moves money.
 */

const app = createApp();

const call = memberCaller(app);

/** An account as signup leaves it: the address not confirmed, the profile not shown. */
const unconfirmed: TestMemberOptions = {
  status: "not_confirmed",
  credits: 100,
  profile: { status: "disabled" },
};

const REFUSAL = {
  error: "email_unconfirmed",
  message:
    "Please confirm your e-mail address first, with the link we sent you. Until then you can't like members, send gifts or buy credits.",
};

async function expectRefused(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(403);
  expect(await answer.json()).toEqual(REFUSAL);
}

/** A member's open events stream, read event by event (past its `ready`). */
async function openStream(cookie: string) {
  const stream = await openEventStream(app, cookie);
  expect((await stream.next()).event).toBe("ready");
  return stream;
}

async function likesBy(member: TestMember) {
  const db = await getReadyDb();
  const [row] = await db
    .select({ count: count() })
    .from(likes)
    .where(eq(likes.likerProfileId, member.profile.id));
  return row?.count;
}

describe("an unconfirmed account (spec §4, §6: the unconfirmed-account rule)", () => {
  it("may not like, swipe-like or send a gift, and the other member hears nothing of it", async () => {
    const newcomer = await createLoggedInMember(app, unconfirmed);
    const [liked, friend] = [
      await createLoggedInMember(app, { photoCount: 1 }),
      await createLoggedInMember(app, { paidUser: true, credits: 100 }),
    ];
    const opened = await call("POST", "/api/chat.php", friend.cookie, {
      profile: liked.profile.id,
    });
    const { conversation: withFriend } = await opened.json();
    const stream = await openStream(liked.cookie);

    await expectRefused(call("POST", "/api/like.php", newcomer.cookie, { id: liked.profile.id }));
    await expectRefused(
      call("POST", "/api/swipe.php", newcomer.cookie, { id: liked.profile.id, action: "like" }),
    );
    await expectRefused(
      call("POST", "/api/gift.php", newcomer.cookie, { id: liked.profile.id, gift: "rose" }),
    );

    expect(await likesBy(newcomer)).toBe(0);
    const db = await getReadyDb();
    // No swipe-game like was counted, no push was queued for the liked member.
    expect(
      await db.select().from(swipeDays).where(eq(swipeDays.profileId, newcomer.profile.id)),
    ).toEqual([]);
    const [pushes] = await db
      .select({ count: count() })
      .from(jobs)
      .where(eq(jobs.uniqueKey, `likes.push:${newcomer.profile.id}:${liked.profile.id}`));
    expect(pushes?.count).toBe(0);
    // The next thing the liked member's page hears is a friend typing: nothing came before it.
    expect(
      (await call("POST", "/api/typing.php", friend.cookie, { conversation: withFriend })).status,
    ).toBe(200);
    expect(await stream.next()).toEqual({ event: "typing", data: { conversation: withFriend } });
    await stream.close();

    // Confirmed, the same like goes through.
    await db.update(users).set({ status: "confirmed" }).where(eq(users.id, newcomer.user.id));
    expect(
      (await call("POST", "/api/like.php", newcomer.cookie, { id: liked.profile.id })).status,
    ).toBe(200);
    expect(await likesBy(newcomer)).toBe(1);
  });

  it("may block and report: safety tools that reach nobody", async () => {
    const newcomer = await createLoggedInMember(app, unconfirmed);
    const [pest, spammer] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    expect(
      (await call("POST", "/api/block.php", newcomer.cookie, { id: pest.profile.id })).status,
    ).toBe(200);
    const reported = await call("POST", "/api/report.php", newcomer.cookie, {
      profile: spammer.profile.id,
      reason: "spam",
    });
    expect(reported.status, await reported.clone().text()).toBeLessThan(300);
    const db = await getReadyDb();
    const made = await db
      .select({ blocked: blocks.blockedProfileId })
      .from(blocks)
      .where(eq(blocks.blockerProfileId, newcomer.profile.id));
    expect(made.map((row) => row.blocked).sort()).toEqual(
      [pest.profile.id, spammer.profile.id].sort(),
    );
    const [filed] = await db
      .select({ count: count() })
      .from(reports)
      .where(eq(reports.reporterUserId, newcomer.user.id));
    expect(filed?.count).toBe(1);
  });

  it("may not order, repeat an order or ask for a direct debit: nothing is stored or texted", async () => {
    const newcomer = await createLoggedInMember(app, {
      ...unconfirmed,
      profile: { status: "disabled", country: "nl" },
    });
    await expectRefused(
      call("POST", "/api/order.php", newcomer.cookie, {
        package_id: 2,
        method: "ideal",
        immediate_performance: true,
      }),
    );
    await expectRefused(
      call("POST", "/api/repeat-order.php", newcomer.cookie, { immediate_performance: true }),
    );
    await expectRefused(
      call(
        "POST",
        "/api/directdebit.php",
        newcomer.cookie,
        directDebitMandate({ phone: "06 1234 5678" }),
      ),
    );
    const db = await getReadyDb();
    expect(await db.select().from(orders).where(eq(orders.userId, newcomer.user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.userId, newcomer.user.id)),
    ).toEqual([]);
  });
});
