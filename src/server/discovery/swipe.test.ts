import { describe, expect, it } from "vitest";
import type { AutoLikeAnswer, SwipeCardsAnswer } from "../../contract/likes";
import { SWIPE_LIKES_PER_DAY } from "../../contract/premium";
import { memberCaller } from "../../test/api";
import { birthEras } from "../../test/eras";
import { createLoggedInMember, createTestMember, type TestMemberOptions } from "../../test/members";
import { createApp } from "../app";
import { hasLiked } from "../likes/service";
import { getSiteById } from "../sites/registry";
import { getReadyDb } from "../startup";
import { AGE_SPREAD } from "./candidates";
import { siteDay, swipeLike } from "./swipe";

const app = createApp();
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member's JSON call (src/test/api.ts). */
const call = memberCaller(app);

/*
 * Test members share the database with every other test (and file, on PostgreSQL): each test's
 * members are born in a decade of their own, centuries ago and further apart than the cards'
 * age spread, so the cards that fit them best are the ones the test made. Past those the cards
 * widen to everyone, so tests assert on their own members.
 */
const birthYear = birthEras({ from: 1000, to: 1450 }, 3 * AGE_SPREAD);

/** A woman looking for men, in the Netherlands, born in `born`. */
function viewer(born: number, options: TestMemberOptions = {}) {
  return createLoggedInMember(app, {
    ...options,
    profile: {
      gender: "female",
      seeking: "male",
      country: "nl",
      birthdate: `${born}-06-01`,
      ...options.profile,
    },
  });
}

/** A man with a photo who fits the viewer unless told otherwise, active `minutesAgo`. */
async function candidate(born: number, profile: TestMemberOptions["profile"] = {}, minutesAgo = 1) {
  const member = await createTestMember(await getReadyDb(), {
    photoCount: 1,
    profile: {
      name: "Cand",
      gender: "male",
      seeking: "female",
      country: "nl",
      birthdate: `${born}-03-01`,
      lastActiveAt: new Date(Date.now() - minutesAgo * 60_000),
      ...profile,
    },
  });
  return member.profile.id;
}

async function cards(member: Member, exclude: number[] = []) {
  const query = exclude.length ? `?exclude=${exclude.join(",")}` : "";
  const answer = await call("GET", `/api/swipe.php${query}`, member.cookie);
  expect(answer.status).toBe(200);
  return (await answer.json()) as SwipeCardsAnswer;
}

async function swipe(member: Member, id: number, action: "like" | "pass") {
  return call("POST", "/api/swipe.php", member.cookie, { id, action });
}

describe("the swipe game's cards (issue 13)", () => {
  it("are members who fit the member, both ways, nearby and near their age first, most active first", async () => {
    const born = birthYear();
    const me = await viewer(born);
    const recent = await candidate(born, {}, 1);
    const earlier = await candidate(born, {}, 30);
    const seeksBoth = await candidate(born, { seeking: "both" }, 40);
    const abroad = await candidate(born, { country: "de", region: null }, 0);
    const woman = await candidate(born, { gender: "female", seeking: "male" });
    const seeksMen = await candidate(born, { seeking: "male" });
    const noPhoto = (
      await createTestMember(await getReadyDb(), {
        profile: { gender: "male", seeking: "female", birthdate: `${born}-01-01` },
      })
    ).profile.id;
    const invisible = await candidate(born, { invisible: true });
    const disabled = await candidate(born, { status: "disabled" });

    const { profiles, likes_left } = await cards(me);
    const ids = profiles.map((profile) => profile.id);
    expect(ids.slice(0, 3)).toEqual([recent, earlier, seeksBoth]);
    // Abroad comes after everyone at home who fits, however recently active.
    expect(ids.indexOf(abroad)).toBeGreaterThan(2);
    for (const never of [woman, seeksMen, noPhoto, invisible, disabled, me.profile.id]) {
      expect(ids).not.toContain(never);
    }
    expect(profiles[0]?.main_image?.match).toMatch(/^\/media\//);
    expect(likes_left).toBe(SWIPE_LIKES_PER_DAY);
    // The cards the client holds already are not sent again.
    const next = await cards(me, [recent, earlier]);
    expect(next.profiles.map((profile) => profile.id)).not.toContain(recent);
    expect(next.profiles[0]?.id).toBe(seeksBoth);
  });

  it("never show a pass, a like or a member blocked either way again; the last pass can be undone", async () => {
    const born = birthYear();
    const me = await viewer(born);
    const [a, b, c, d] = [
      await candidate(born, {}, 1),
      await candidate(born, {}, 2),
      await candidate(born, {}, 3),
      await candidate(born, {}, 4),
    ];
    expect((await swipe(me, a, "pass")).status).toBe(200);
    expect((await swipe(me, b, "pass")).status).toBe(200);
    expect((await swipe(me, c, "like")).status).toBe(200);
    const blocker = await createLoggedInMember(app, {
      photoCount: 1,
      profile: { gender: "male", seeking: "female", country: "nl", birthdate: `${born}-01-01` },
    });
    expect(
      (await call("POST", "/api/block.php", blocker.cookie, { id: me.profile.id })).status,
    ).toBe(200);
    const ids = (await cards(me)).profiles.map((profile) => profile.id);
    expect(ids[0]).toBe(d);
    for (const gone of [a, b, c, blocker.profile.id]) expect(ids).not.toContain(gone);

    // Undo brings back the last pass only, on top; a second undo the one before.
    const undone = await call("POST", "/api/swipe-undo.php", me.cookie);
    expect(undone.status).toBe(200);
    expect((await undone.json()).profile.id).toBe(b);
    expect((await cards(me)).profiles.map((profile) => profile.id).slice(0, 2)).toEqual([b, d]);
    expect((await (await call("POST", "/api/swipe-undo.php", me.cookie)).json()).profile.id).toBe(
      a,
    );
    const nothing = await (await call("POST", "/api/swipe-undo.php", me.cookie)).json();
    expect(nothing.profile).toBeNull();
  });
});

describe("the swipe game's likes (spec §9: 4 a day)", () => {
  it("hold at four under twenty parallel likes, then answer swipe_limit for the premium alert", async () => {
    const born = birthYear();
    const me = await viewer(born, { language: "de" });
    const ids = [];
    for (let index = 0; index < 20; index++) ids.push(await candidate(born, {}, index + 1));
    const answers = await Promise.all(ids.map((id) => swipe(me, id, "like")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(statuses.filter((status) => status === 403)).toHaveLength(20 - SWIPE_LIKES_PER_DAY);
    const refused = answers.find((answer) => answer.status === 403);
    expect(await refused?.json()).toEqual({
      error: "swipe_limit",
      message: "Du hast deine 4 Likes für heute im Swipe-Spiel vergeben.",
    });
    const db = await getReadyDb();
    let liked = 0;
    for (const id of ids) if (await hasLiked(db, me.profile.id, id)) liked++;
    expect(liked).toBe(SWIPE_LIKES_PER_DAY);
    expect((await cards(me)).likes_left).toBe(0);
    // A pass is still allowed, and its answer keeps the counter (no likes left, not 'no limit').
    const unliked = ids.find((_, index) => statuses[index] === 403) as number;
    const pass = await swipe(me, unliked, "pass");
    expect(pass.status).toBe(200);
    expect(await pass.json()).toEqual({ likes_left: 0, match: false });
  });

  it("are not limited for premium members", async () => {
    const born = birthYear();
    const me = await viewer(born, { paidUser: true });
    for (let index = 0; index < SWIPE_LIKES_PER_DAY + 2; index++) {
      const answer = await swipe(me, await candidate(born), "like");
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ likes_left: null, match: false });
    }
    expect((await cards(me)).likes_left).toBeNull();
  });

  it("roll over at midnight in the site's time zone, and a like that answers one is a match", async () => {
    const born = birthYear();
    const me = await viewer(born);
    const viewerOf = { userId: me.user.id, profileId: me.profile.id, isPremium: false };
    const site = getSiteById("amora");
    expect(site.timeZone).toBe("Europe/Amsterdam");
    // 23:30 UTC on 23 November is 00:30 on the 24th in Amsterdam.
    expect(siteDay(site, new Date("2026-11-23T23:30:00Z"))).toBe("2026-11-24");
    expect(siteDay(site, new Date("2026-11-23T22:59:00Z"))).toBe("2026-11-23");
    const db = await getReadyDb();
    const beforeMidnight = new Date("2031-03-01T22:30:00Z"); // 23:30 in Amsterdam
    for (let index = 0; index < SWIPE_LIKES_PER_DAY; index++) {
      await swipeLike(db, viewerOf, site, await candidate(born), beforeMidnight);
    }
    await expect(
      swipeLike(db, viewerOf, site, await candidate(born), beforeMidnight),
    ).rejects.toMatchObject({ code: "swipe_limit" });
    const afterMidnight = new Date("2031-03-01T23:05:00Z"); // 00:05 on 2 March
    const fan = await createLoggedInMember(app, {
      photoCount: 1,
      profile: { gender: "male", seeking: "female", country: "nl", birthdate: `${born}-01-01` },
    });
    expect((await call("POST", "/api/like.php", fan.cookie, { id: me.profile.id })).status).toBe(
      200,
    );
    expect(await swipeLike(db, viewerOf, site, fan.profile.id, afterMidnight)).toEqual({
      likes_left: SWIPE_LIKES_PER_DAY - 1,
      match: true,
    });
  });

  it("refuse bad input with 422 and strangers with 403, never a 500", async () => {
    const me = await viewer(birthYear());
    expect((await call("GET", "/api/swipe.php", "")).status).toBe(403);
    expect((await swipe({ ...me, cookie: "" }, 1, "like")).status).toBe(403);
    for (const exclude of [
      "abc",
      "1,,2",
      `${2 ** 31}`,
      "1\u0000",
      "0",
      Array(40).fill(7).join(","),
    ]) {
      const answer = await call(
        "GET",
        `/api/swipe.php?exclude=${encodeURIComponent(exclude)}`,
        me.cookie,
      );
      expect(answer.status).toBe(422);
    }
    for (const body of [
      { id: 1, action: "superlike" },
      { id: 2 ** 31, action: "like" },
      { id: "1", action: "pass" },
      { action: "pass" },
    ]) {
      const answer = await call("POST", "/api/swipe.php", me.cookie, body);
      expect(answer.status).toBe(422);
      expect((await answer.json()).error).toBe("validation");
    }
    expect((await swipe(me, me.profile.id, "like")).status).toBe(422);
    expect((await swipe(me, me.profile.id, "pass")).status).toBe(422);
    expect((await swipe(me, 2 ** 31 - 1, "pass")).status).toBe(404);
  });
});

describe("the like pop-up's profile (spec §7 GET /api/auto-like.php)", () => {
  it("fits the member, is offered once, and is never one they liked or blocked", async () => {
    const born = birthYear();
    const me = await viewer(born);
    const liked = await candidate(born, {}, 0);
    const blocked = await candidate(born, {}, 0);
    const first = await candidate(born, {}, 1);
    const second = await candidate(born, {}, 2);
    expect((await call("POST", "/api/like.php", me.cookie, { id: liked })).status).toBe(200);
    expect((await call("POST", "/api/block.php", me.cookie, { id: blocked })).status).toBe(200);
    const offered = async (method = "POST") => {
      const answer = await call(method, "/api/auto-like.php", me.cookie);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as AutoLikeAnswer).profile;
    };
    // Looking (the spec's GET) changes nothing: the pop-up's POST offers the profile.
    expect((await offered("GET"))?.id).toBe(first);
    expect((await offered("GET"))?.id).toBe(first);
    const one = await offered();
    expect(one?.id).toBe(first);
    expect(one?.main_image?.match).toMatch(/^\/media\//);
    expect((await offered("GET"))?.id).toBe(second);
    expect((await offered())?.id).toBe(second);
    const third = await offered();
    expect([first, second, liked, blocked]).not.toContain(third?.id);
    expect((await call("GET", "/api/auto-like.php", "")).status).toBe(403);
    expect((await call("POST", "/api/auto-like.php", "")).status).toBe(403);
  });

  it("is offered only by a write from this site: a GET from a link on another site offers nothing", async () => {
    const born = birthYear();
    const me = await viewer(born);
    const only = await candidate(born, {}, 0);
    const request = (method: string, site: string) =>
      app.request("/api/auto-like.php", {
        method,
        headers: { cookie: me.cookie, "sec-fetch-site": site, origin: `https://${site}.example` },
      });
    expect((await request("GET", "cross-site")).status).toBe(200);
    expect((await request("POST", "cross-site")).status).toBe(403);
    const still = await call("GET", "/api/auto-like.php", me.cookie);
    expect(((await still.json()) as AutoLikeAnswer).profile?.id).toBe(only);
  });
});
