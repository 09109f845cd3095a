import { describe, expect, it } from "vitest";
import { memberCall } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { unreadTotal } from "../chat/service";
import { countNewLikes } from "../likes/service";
import { getReadyDb } from "../startup";
import { loadNavBadges } from "./nav-badges";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  memberCall(app, method, path, cookie, body);

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
    });
    expect(result?.unreadMessages).toBe(2);
    expect(result?.newLikes).toBe(2);
    expect((await badgesOf(carol)).unseenMatchPartner).toBe(bob.profile.id);

    // Seen, read and looked at: the badges go back to nothing.
    await ok(call("POST", "/api/match-seen.php", bob.cookie, { id: carol.profile.id }));
    await ok(call("GET", `/api/messages.php?conversation=${conversation}`, bob.cookie));
    for (const liker of [carol, alice]) {
      await ok(call("GET", `/api/profile.php?id=${liker.profile.id}`, bob.cookie));
    }
    expect(await badgesOf(bob)).toEqual({
      unreadMessages: 0,
      newLikes: 0,
      unseenMatchPartner: null,
    });
  });

  it("counts only messages for a member who has no profile yet", async () => {
    const member = await createLoggedInMember(app);
    expect(
      await loadNavBadges(await getReadyDb(), { userId: member.user.id, profileId: null }),
    ).toEqual({ unreadMessages: 0, newLikes: 0, unseenMatchPartner: null });
  });
});
