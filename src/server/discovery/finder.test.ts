import { describe, expect, it } from "vitest";
import { birthEras } from "../../test/eras";
import { createLoggedInMember, createTestMember, type TestMemberOptions } from "../../test/members";
import { createApp } from "../app";
import { preferencesOf } from "../members/user-view";
import { createMediaSigner } from "../photos/media-url";
import { getSiteById } from "../sites/registry";
import { getReadyDb } from "../startup";
import { AGE_SPREAD } from "./candidates";
import { type FinderQuery, findMatches, parseFinderParams } from "./finder";

const app = createApp();

/*
 * Members of each test are born in centuries of their own (see src/test/eras.ts), so what the
 * finder lists is what the test made; the finder never widens. The lists are still read among
 * the test's own members, so one left by a rerun on a kept database changes nothing.
 */
const birthYear = birthEras({ from: 1450, to: 1900 }, 3 * AGE_SPREAD);
const made = new Set<number>();

async function other(born: number, profile: TestMemberOptions["profile"] = {}) {
  const member = await createTestMember(await getReadyDb(), {
    photoCount: 1,
    profile: {
      gender: "male",
      seeking: "female",
      country: "nl",
      birthdate: `${born}-03-01`,
      ...profile,
    },
  });
  made.add(member.profile.id);
  return member.profile.id;
}

async function find(me: Awaited<ReturnType<typeof createLoggedInMember>>, query: FinderQuery = {}) {
  const db = await getReadyDb();
  const preferences = preferencesOf(me);
  if (!preferences) throw new Error("no profile");
  const cards = await findMatches(db, preferences, query, {
    media: createMediaSigner(getSiteById("amora"), me.user),
    locale: "en",
  });
  return cards.map((card) => card.id).filter((id) => made.has(id));
}

describe("the match finder (issue 13: members who match both ways)", () => {
  it("lists those whose looking-for and age fit the member, and whom the member's fit", async () => {
    const born = birthYear();
    const me = await createLoggedInMember(app, {
      profile: { gender: "female", seeking: "male", country: "nl", birthdate: `${born}-06-01` },
    });
    const fits = await other(born);
    const seeksBoth = await other(born + 2, { seeking: "both" });
    const seeksMen = await other(born, { seeking: "male" });
    const woman = await other(born, { gender: "female", seeking: "male" });
    const tooOld = await other(born - AGE_SPREAD - 2);
    const abroad = await other(born, { country: "de", region: null });
    const hidden = await other(born, { invisible: true });
    const blocker = await createLoggedInMember(app, {
      photoCount: 1,
      profile: { gender: "male", seeking: "female", country: "nl", birthdate: `${born}-01-01` },
    });
    made.add(blocker.profile.id);
    await app.request("/api/block.php", {
      method: "POST",
      headers: { cookie: blocker.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id: me.profile.id }),
    });

    const found = await find(me);
    expect(found.sort()).toEqual([fits, seeksBoth].sort());
    for (const never of [seeksMen, woman, tooOld, abroad, hidden, blocker.profile.id]) {
      expect(found).not.toContain(never);
    }
    // A range asked for narrows (the younger one only); the member's own age still bounds
    // theirs, both ways, however wide the range.
    const age = new Date().getUTCFullYear() - born;
    expect(await find(me, { min_age: 18, max_age: 99 })).not.toContain(tooOld);
    expect(
      await find(me, { min_age: Math.max(18, age - 3), max_age: Math.max(18, age - 1) }),
    ).toEqual([seeksBoth]);
  });

  it("asks for a region and interests, those sharing the most first", async () => {
    const born = birthYear();
    const me = await createLoggedInMember(app, {
      profile: { gender: "male", seeking: "female", country: "nl", birthdate: `${born}-06-01` },
    });
    const woman = (profile: TestMemberOptions["profile"]) =>
      other(born, { gender: "female", seeking: "male", ...profile });
    const both = await woman({ region: "NL-UT", interests: ["travel", "music"] });
    const one = await woman({ region: "NL-UT", interests: ["music"] });
    const none = await woman({ region: "NL-UT", interests: ["yoga"] });
    const elsewhere = await woman({ region: "NL-NH", interests: ["travel", "music"] });
    expect(await find(me, { countryregion: "NL-UT", interests: ["travel", "music"] })).toEqual([
      both,
      one,
    ]);
    expect((await find(me, { countryregion: "NL-UT" })).sort()).toEqual([both, one, none].sort());
    expect(await find(me, { interests: ["travel"] })).toEqual(
      expect.arrayContaining([both, elsewhere]),
    );
  });

  it("reads its form leniently: a bad field is left out, never an error", () => {
    expect(
      parseFinderParams(
        new URLSearchParams(
          "gender=robot&min_age=17&max_age=40&countryregion=xx&interests=travel&interests=hacking&interests=travel",
        ),
      ),
    ).toEqual({ max_age: 40, interests: ["travel"] });
    expect(parseFinderParams(new URLSearchParams("min_age=50&max_age=30"))).toEqual({});
    const many = new URLSearchParams();
    for (const interest of ["travel", "music", "art", "wine", "yoga", "pets", "beach"]) {
      many.append("interests", interest);
    }
    expect(parseFinderParams(many).interests).toHaveLength(5);
  });
});
