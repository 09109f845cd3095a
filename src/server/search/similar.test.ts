import { describe, expect, it } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { latestBirthdateForAge } from "../profiles/age";
import { widenedSearches } from "./service";

const app = createApp();
// A country no other test file puts members in, so what a search finds holds on a shared server.
const COUNTRY = "be";

async function member(name: string, region: string, age: number, gender: "female" | "male") {
  const created = await createTestMember(await getDb(), {
    photoCount: 1,
    profile: { name, country: COUNTRY, region, gender, birthdate: latestBirthdateForAge(age) },
  });
  return created.profile.id;
}

describe("similar members under a short search (spec §3 similar-results set, issue 13)", () => {
  it("widen the region to its country, then the ages by five years; never a result, nor twice", async () => {
    const exact = [
      await member("Ann", "BE-VAN", 30, "female"),
      await member("Bo", "BE-VAN", 31, "female"),
    ];
    const sameCountry = [
      await member("Cat", "BE-VLI", 30, "female"),
      await member("Dee", "BE-VLI", 33, "female"),
    ];
    const blockedOne = await member("Eva", "BE-VLI", 30, "female");
    const olderNearby = await member("Fay", "BE-VAN", 38, "female");
    const tooOld = await member("Gil", "BE-VAN", 55, "female");
    const man = await member("Hal", "BE-VAN", 30, "male");
    const viewer = await createLoggedInMember(app, {
      profile: { gender: "male", seeking: "female" },
    });
    expect(
      (
        await app.request("/api/block.php", {
          method: "POST",
          headers: { cookie: viewer.cookie, "content-type": "application/json" },
          body: JSON.stringify({ id: blockedOne }),
        })
      ).status,
    ).toBe(200);

    const answer = await app.request(
      `/api/search.php?gender=female&country=${COUNTRY}&countryregion=BE-VAN&min_age=25&max_age=35`,
      { headers: { cookie: viewer.cookie } },
    );
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as MemberSearchPage;
    expect(page.profiles.map((card) => card.id).sort()).toEqual([...exact].sort());
    const similar = page.similar.map((card) => card.id);
    // The region widened first (the same ages elsewhere in the country), then the ages.
    expect(similar.slice(0, 2).sort()).toEqual([...sameCountry].sort());
    expect(similar.slice(2)).toEqual([olderNearby]);
    for (const never of [...exact, blockedOne, tooOld, man, viewer.profile.id]) {
      expect(similar).not.toContain(never);
    }
  });

  it("are none for a search with nothing to widen, or one with more than a page", async () => {
    await member("Ida", "BE-VBR", 40, "female");
    const page = (await (
      await app.request(`/api/search.php?gender=female&country=${COUNTRY}`)
    ).json()) as MemberSearchPage;
    expect(page.profiles.length).toBeGreaterThan(0);
    expect(page.similar).toEqual([]);
    // The widening steps themselves.
    expect(widenedSearches({ country: "be" })).toEqual([]);
    expect(
      widenedSearches({ country: "be", countryregion: "BE-VAN", min_age: 20, max_age: 30 }),
    ).toEqual([
      { country: "be", countryregion: undefined, min_age: 20, max_age: 30, cursor: undefined },
      { country: "be", countryregion: undefined, min_age: 18, max_age: 35, cursor: undefined },
    ]);
  });
});
