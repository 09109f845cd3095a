import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LikesAnswer } from "../../contract/likes";
import { memberCaller } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { memberEvents } from "../events/schema";
import { matches } from "../likes/schema";
import { getReadyDb } from "../startup";
import { LIKES_PAGE_SIZE } from "./likes-list";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member's JSON call (src/test/api.ts). */
const call = memberCaller(app);

async function like(from: Member, to: Member) {
  const answer = await call("POST", "/api/like.php", from.cookie, { id: to.profile.id });
  expect(answer.status).toBe(200);
}

async function likesOf(member: Member, type: string, cursor?: string) {
  const query = new URLSearchParams({ type, ...(cursor ? { cursor } : {}) });
  const answer = await call("GET", `/api/likes.php?${query}`, member.cookie);
  expect(answer.status).toBe(200);
  return (await answer.json()) as LikesAnswer;
}

async function matchRows(a: Member, b: Member) {
  const [low, high] = [a.profile.id, b.profile.id].sort((x, y) => x - y);
  return (await getReadyDb())
    .select()
    .from(matches)
    .where(and(eq(matches.profileLowId, low as number), eq(matches.profileHighId, high as number)));
}

describe("the likes lists (GET /api/likes.php, issue 13)", () => {
  it("lists who liked me, whom I liked and who both, newest first, with the new flags", async () => {
    const me = await createLoggedInMember(app);
    const [anna, bea, cleo] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    await like(anna, me);
    await like(bea, me);
    await like(me, bea);
    await like(me, cleo);

    const received = await likesOf(me, "received");
    expect(received.profiles.map((profile) => profile.id)).toEqual([
      bea.profile.id,
      anna.profile.id,
    ]);
    expect(received.liked_by).toEqual([
      { id: bea.profile.id, like_new: true },
      { id: anna.profile.id, like_new: true },
    ]);
    expect(received.new_likes).toBe(2);
    // I liked Bea back, not Anna.
    expect(received.liked).toEqual([bea.profile.id]);

    const given = await likesOf(me, "given");
    expect(given.profiles.map((profile) => profile.id)).toEqual([cleo.profile.id, bea.profile.id]);
    // Of those I liked, Bea liked me too.
    expect(given.liked_by).toEqual([{ id: bea.profile.id, like_new: true }]);

    const both = await likesOf(me, "matches");
    expect(both.profiles.map((profile) => profile.id)).toEqual([bea.profile.id]);
    expect((await likesOf(bea, "matches")).profiles.map((profile) => profile.id)).toEqual([
      me.profile.id,
    ]);

    // Opening Anna's profile clears her like's new flag (spec §4).
    await call("GET", `/api/profile.php?id=${anna.profile.id}`, me.cookie);
    const seen = await likesOf(me, "received");
    expect(seen.liked_by).toContainEqual({ id: anna.profile.id, like_new: false });
    expect(seen.new_likes).toBe(1);
  });

  it("pages by keyset, never repeating a profile", async () => {
    const me = await createLoggedInMember(app);
    const likers: Member[] = [];
    for (let index = 0; index < LIKES_PAGE_SIZE + 3; index++) {
      const liker = await createLoggedInMember(app);
      await like(liker, me);
      likers.push(liker);
    }
    const first = await likesOf(me, "received");
    expect(first.profiles).toHaveLength(LIKES_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const second = await likesOf(me, "received", first.next_cursor ?? "");
    expect(second.next_cursor).toBeNull();
    const seen = [...first.profiles, ...second.profiles].map((profile) => profile.id);
    expect(seen.sort()).toEqual(likers.map((liker) => liker.profile.id).sort());
  });

  it("leaves out members blocked either way, and shows each member only their own likes", async () => {
    const me = await createLoggedInMember(app);
    const [blocked, blocker, stranger] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    await like(blocked, me);
    await like(blocker, me);
    await like(me, blocked);
    await like(me, blocker);
    await call("POST", "/api/block.php", me.cookie, { id: blocked.profile.id });
    await call("POST", "/api/block.php", blocker.cookie, { id: me.profile.id });
    for (const type of ["received", "given", "matches"]) {
      expect((await likesOf(me, type)).profiles).toEqual([]);
    }
    // Another member asking sees their own (empty) lists, never mine.
    expect((await likesOf(stranger, "received")).profiles).toEqual([]);
    expect((await call("GET", "/api/likes.php", "")).status).toBe(403);
  });

  it("stay true while their first pages are kept: a like, a seen like, an unlike and a block show at once", async () => {
    const me = await createLoggedInMember(app);
    const [ada, ben] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    expect((await likesOf(me, "received")).profiles).toEqual([]);
    expect((await likesOf(me, "given")).profiles).toEqual([]);
    await like(ada, me);
    expect((await likesOf(me, "received")).liked_by).toEqual([
      { id: ada.profile.id, like_new: true },
    ]);
    await like(me, ben);
    expect((await likesOf(me, "given")).profiles.map((card) => card.id)).toEqual([ben.profile.id]);
    // Opening Ada's profile clears her like's 'new' flag.
    expect((await call("GET", `/api/profile.php?id=${ada.profile.id}`, me.cookie)).status).toBe(
      200,
    );
    const seen = await likesOf(me, "received");
    expect(seen.liked_by).toEqual([{ id: ada.profile.id, like_new: false }]);
    expect(seen.new_likes).toBe(0);
    // Ada takes her like back; then Ben blocks me.
    expect((await call("DELETE", `/api/like.php?id=${me.profile.id}`, ada.cookie)).status).toBe(
      200,
    );
    expect((await likesOf(me, "received")).profiles).toEqual([]);
    expect((await call("POST", "/api/block.php", ben.cookie, { id: me.profile.id })).status).toBe(
      200,
    );
    expect((await likesOf(me, "given")).profiles).toEqual([]);
  });

  it("refuses bad input with 422, never a 500", async () => {
    const me = await createLoggedInMember(app);
    for (const query of [
      "type=everyone",
      "cursor=not-a-cursor",
      `cursor=${Buffer.from(JSON.stringify(["x", 1])).toString("base64url")}`,
      `cursor=${Buffer.from(JSON.stringify(["2026-01-01", 2 ** 53])).toString("base64url")}`,
      `cursor=${"a".repeat(300)}`,
      "cursor=%00",
    ]) {
      const answer = await call("GET", `/api/likes.php?${query}`, me.cookie);
      expect(answer.status, query).toBe(422);
      expect((await answer.json()).error).toBe("validation");
    }
  });
});

describe("matches (issue 13: a like that answers a like)", () => {
  it("happens once when two likes cross, reaches both members, and is undone by an unlike", async () => {
    const [anna, ben] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    const [first, second] = await Promise.all([
      call("POST", "/api/like.php", anna.cookie, { id: ben.profile.id }),
      call("POST", "/api/like.php", ben.cookie, { id: anna.profile.id }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await matchRows(anna, ben)).toHaveLength(1);
    const events = await (await getReadyDb())
      .select({ userId: memberEvents.userId, data: memberEvents.data })
      .from(memberEvents)
      .where(
        and(
          eq(memberEvents.type, "match"),
          or(eq(memberEvents.userId, anna.user.id), eq(memberEvents.userId, ben.user.id)),
        ),
      );
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({ userId: anna.user.id, data: { profile: ben.profile.id } });
    expect(events).toContainEqual({ userId: ben.user.id, data: { profile: anna.profile.id } });

    // Liking again changes nothing; taking a like back ends the match.
    await like(anna, ben);
    expect(await matchRows(anna, ben)).toHaveLength(1);
    await call("DELETE", `/api/like.php?id=${ben.profile.id}`, anna.cookie);
    expect(await matchRows(anna, ben)).toHaveLength(0);
    expect((await likesOf(ben, "matches")).profiles).toEqual([]);
  });

  it("happens exactly once for each of many pairs liking each other at the same moment", async () => {
    const pairs: [Member, Member][] = [];
    for (let index = 0; index < 10; index++) {
      pairs.push([await createLoggedInMember(app), await createLoggedInMember(app)]);
    }
    await Promise.all(
      pairs.flatMap(([a, b]) => [
        call("POST", "/api/like.php", a.cookie, { id: b.profile.id }),
        call("POST", "/api/like.php", b.cookie, { id: a.profile.id }),
      ]),
    );
    for (const [a, b] of pairs) expect(await matchRows(a, b)).toHaveLength(1);
  });
});
