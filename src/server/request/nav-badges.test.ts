import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderAnswer } from "../../contract/payments";
import { memberCall, memberCaller } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { unreadTotal } from "../chat/unread";
import { countNewLikes } from "../likes/service";
import { syncOrder } from "../payments/crediting";
import { memberOffer, memberOfferCode, memberTimeBonusCode } from "../payments/discounts";
import { createSandboxProvider, setSandboxOutcome } from "../payments/sandbox";
import { orders } from "../payments/schema";
import { getReadyDb } from "../startup";
import { loadNavBadges } from "./nav-badges";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

const call = memberCaller(app);

async function ok(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer;
}

const badgesOf = async (member: Member) =>
  loadNavBadges(await getReadyDb(), { userId: member.user.id, profileId: member.profile.id });

describe("loadNavBadges: the member pages' badges in one statement (spec §2, issue 11)", () => {
  it("answers what the three lookups it stands for answer, in one statement", async () => {
    const db = await getReadyDb();
    const [bob, alice, carol] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app, { paidUser: true, credits: 100 }),
      await createLoggedInMember(app),
    ];
    expect(await badgesOf(bob)).toEqual({
      unreadMessages: 0,
      newLikes: 0,
      unseenMatchPartner: null,
      offerCodeTaken: null,
      timeBonusTaken: null,
    });

    const chat = await ok(call("POST", "/api/chat.php", alice.cookie, { profile: bob.profile.id }));
    const { conversation } = (await chat.json()) as { conversation: number };
    for (const text of ["Hi Bob", "Are you there?"]) {
      await ok(call("POST", "/api/message.php", alice.cookie, { conversation, text }));
    }
    await ok(call("POST", "/api/like.php", carol.cookie, { id: bob.profile.id }));
    await ok(call("POST", "/api/like.php", alice.cookie, { id: bob.profile.id }));
    // Bob answers Carol's like: a match neither has been shown yet.
    await ok(call("POST", "/api/like.php", bob.cookie, { id: carol.profile.id }));

    let result: Awaited<ReturnType<typeof badgesOf>> | undefined;
    const statements = await recordQueries(async () => {
      result = await badgesOf(bob);
    });
    expect(statements).toHaveLength(1);
    expect(result).toEqual({
      unreadMessages: await unreadTotal(db, bob.user.id),
      newLikes: await countNewLikes(db, bob.profile.id),
      unseenMatchPartner: carol.profile.id,
      offerCodeTaken: null,
      timeBonusTaken: null,
    });
    expect(result?.unreadMessages).toBe(2);
    expect(result?.newLikes).toBe(2);
    expect((await badgesOf(carol)).unseenMatchPartner).toBe(bob.profile.id);

    // Seen, read and looked at: the badges go back to nothing.
    await ok(call("POST", "/api/match-seen.php", bob.cookie, { id: carol.profile.id }));
    await ok(call("POST", "/api/chat-read.php", bob.cookie, { conversation }));
    for (const liker of [carol, alice]) {
      await ok(call("GET", `/api/profile.php?id=${liker.profile.id}`, bob.cookie));
    }
    expect(await badgesOf(bob)).toEqual({
      unreadMessages: 0,
      newLikes: 0,
      unseenMatchPartner: null,
      offerCodeTaken: null,
      timeBonusTaken: null,
    });
  });

  it("says in the same statement whether the member took the code the shell offers (issue 14)", async () => {
    const db = await getReadyDb();
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const view = {
      id: member.user.id,
      paid_user: false,
      signup_date: new Date().toISOString(),
      profile: { country: "nl" },
    };
    const offerCode = memberOfferCode(view);
    expect(offerCode).toBe("WELCOME25");
    const shell = () =>
      loadNavBadges(db, { userId: member.user.id, profileId: member.profile.id, offerCode });
    let first: Awaited<ReturnType<typeof shell>> | undefined;
    expect(
      await recordQueries(async () => {
        first = await shell();
      }),
    ).toHaveLength(1);
    expect(first?.offerCodeTaken).toBe(false);
    const none = { welcome: false, timeBonus: false };
    expect(memberOffer(view, none)?.welcome).toMatchObject({ code: "WELCOME25" });

    // Paying with it (a bank's confirmation on its way) takes it, as a completed order would.
    const placed = await memberCall(app, "POST", "/api/order.php", member.cookie, {
      package_id: 2,
      method: "ideal",
      code: "WELCOME25",
      immediate_performance: true,
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as OrderAnswer;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (!row?.providerRef) throw new Error("no payment");
    await setSandboxOutcome(db, row.providerRef, "pending");
    await syncOrder(db, createSandboxProvider(db), row);
    expect((await shell()).offerCodeTaken).toBe(true);
    // The time bonus may still show; the welcome discount no longer does.
    expect(memberOffer(view, { welcome: true, timeBonus: false })).toEqual({
      welcome: null,
      timeBonusTaken: false,
    });
    // Past the welcome week, or paid: nothing to offer, nothing to ask.
    const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    expect(memberOfferCode({ ...view, signup_date: weekAgo })).toBeNull();
    expect(memberOfferCode({ ...view, paid_user: true })).toBeNull();
    expect(memberOffer({ ...view, paid_user: true }, none)).toBeNull();
  });

  it("says whether an order took the running time bonus, so its banner goes (issue 29 item 12)", async () => {
    const db = await getReadyDb();
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const view = {
      id: member.user.id,
      paid_user: false,
      signup_date: new Date().toISOString(),
      profile: { country: "nl" },
    };
    const timeBonusCode = memberTimeBonusCode(view);
    expect(timeBonusCode).toBe("TIMEBONUS25");
    const shell = () =>
      loadNavBadges(db, { userId: member.user.id, profileId: member.profile.id, timeBonusCode });
    expect((await shell()).timeBonusTaken).toBe(false);
    const placed = await memberCall(app, "POST", "/api/order.php", member.cookie, {
      package_id: 2,
      method: "ideal",
      code: "TIMEBONUS25",
      immediate_performance: true,
    });
    expect(placed.status).toBe(201);
    // Held by the open order (the member is at the provider's page): taken.
    expect((await shell()).timeBonusTaken).toBe(true);
    expect(memberOffer(view, { welcome: false, timeBonus: true })?.timeBonusTaken).toBe(true);
    // Four hours on, there is no bonus to ask about.
    const later = new Date(Date.now() + 4 * 3_600_000);
    expect(memberTimeBonusCode(view, later)).toBeNull();
  });

  it("counts only messages for a member who has no profile yet", async () => {
    const member = await createLoggedInMember(app);
    expect(
      await loadNavBadges(await getReadyDb(), { userId: member.user.id, profileId: null }),
    ).toEqual({
      unreadMessages: 0,
      newLikes: 0,
      unseenMatchPartner: null,
      offerCodeTaken: null,
      timeBonusTaken: null,
    });
  });
});
