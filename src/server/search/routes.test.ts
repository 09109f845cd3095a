import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { createMediaSigner } from "../photos/media-url";
import { latestBirthdateForAge } from "../profiles/age";
import { profiles } from "../profiles/schema";
import { defaultSite } from "../sites/registry";
import { findMembers } from "./service";

const app = createApp();
// A country no other test file uses, so counts hold on a shared PostgreSQL server too.
const COUNTRY = "fi";

async function search(query: string, headers: Record<string, string> = {}) {
  return app.request(`/api/search.php?${query}`, { headers: { host: "localhost", ...headers } });
}

describe("GET /api/search.php", () => {
  beforeAll(async () => {
    const db = await getDb();
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 30; i++) {
      await createTestMember(db, {
        profile: {
          name: `Searchable ${i}`,
          country: COUNTRY,
          gender: i % 2 ? "male" : "female",
          birthdate: latestBirthdateForAge(20 + i),
          region: i < 10 ? "FI-18" : "FI-10",
          // Several members share a timestamp, so paging must break ties by id.
          lastActiveAt: new Date(base + Math.floor(i / 3) * 60_000),
        },
        photoCount: i % 3,
      });
    }
    const hidden = await createTestMember(db, { profile: { country: COUNTRY, name: "Hidden" } });
    await db.update(profiles).set({ status: "disabled" }).where(eq(profiles.id, hidden.profile.id));
  });

  it("pages through every match exactly once with the keyset cursor", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await search(`country=${COUNTRY}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as MemberSearchPage;
      if (pages === 0) expect(page.total).toBe(30);
      else expect(page.total).toBeNull();
      seen.push(...page.profiles.map((profile) => profile.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("lists the most recently active first", async () => {
    const page = (await (await search(`country=${COUNTRY}`)).json()) as MemberSearchPage;
    expect(page.profiles[0]?.name).toMatch(/Searchable 2[789]/);
  });

  it("filters by gender, region and age", async () => {
    const page = (await (
      await search(`country=${COUNTRY}&gender=female&countryregion=FI-18&min_age=22&max_age=26`)
    ).json()) as MemberSearchPage;
    const ages = page.profiles.map((profile) => profile.age).sort();
    expect(ages).toEqual([22, 24, 26]);
    expect(page.total).toBe(3);
  });

  it("counts at most up to its cap and says there are more", async () => {
    const page = await findMembers(
      await getDb(),
      { country: COUNTRY },
      { media: createMediaSigner(defaultSite, null), totalCap: 10 },
    );
    expect(page.total).toBe(10);
    expect(page.total_capped).toBe(true);
    const exact = await findMembers(
      await getDb(),
      { country: COUNTRY },
      { media: createMediaSigner(defaultSite, null) },
    );
    expect(exact).toMatchObject({ total: 30, total_capped: false });
  });

  it("brings a first page and its count in one statement; nothing found counts none", async () => {
    const db = await getDb();
    const media = createMediaSigner(defaultSite, null);
    let page: MemberSearchPage | undefined;
    const statements = await recordQueries(async () => {
      page = await findMembers(db, { country: COUNTRY, gender: "male" }, { media });
    });
    expect(statements).toHaveLength(1);
    expect(page).toMatchObject({ total: 15, total_capped: false });
    expect(page?.profiles).toHaveLength(15);
    const none = await findMembers(db, { country: COUNTRY, min_age: 90 }, { media });
    expect(none).toMatchObject({ profiles: [], total: 0, total_capped: false });
  });

  it("answers each call with its own values from the one statement its filters share", async () => {
    const db = await getDb();
    const media = createMediaSigner(defaultSite, null);
    const ages = (page: MemberSearchPage) => page.profiles.map((card) => card.age).sort();
    let men: MemberSearchPage | undefined;
    let women: MemberSearchPage | undefined;
    const statements = await recordQueries(async () => {
      men = await findMembers(
        db,
        { country: COUNTRY, gender: "male", min_age: 22, max_age: 26 },
        { media },
      );
      women = await findMembers(
        db,
        { country: COUNTRY, gender: "female", min_age: 30, max_age: 40 },
        { media },
      );
    });
    expect(new Set(statements).size).toBe(1);
    expect(men && ages(men)).toEqual([23, 25]);
    expect(men?.total).toBe(2);
    expect(women && ages(women)).toEqual([30, 32, 34, 36, 38, 40]);
    expect(women?.total).toBe(6);
  });

  it("never lists disabled profiles", async () => {
    const page = (await (await search(`country=${COUNTRY}`)).json()) as MemberSearchPage;
    expect(page.profiles.map((profile) => profile.name)).not.toContain("Hidden");
  });

  it("gives signed photo URLs carrying the site's cdn_prefix path, and null without a photo", async () => {
    const page = (await (await search(`country=${COUNTRY}`)).json()) as MemberSearchPage;
    const withPhoto = page.profiles.find((profile) => profile.main_image);
    const without = page.profiles.find((profile) => !profile.main_image);
    expect(withPhoto?.main_image?.match).toMatch(
      /^\/media\/p\/[0-9a-f]{2}\/[0-9a-f]{24}-main\.webp\?v=0&e=[0-9]+&s=[\w-]{22}$/,
    );
    expect(without?.main_image).toBeNull();
  });

  it("refuses a minimum age above the maximum with a field message", async () => {
    const response = await search("min_age=40&max_age=30");
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toHaveProperty("max_age");
  });

  it("refuses a forged cursor", async () => {
    const response = await search("cursor=../../etc");
    expect(response.status).toBe(422);
  });

  describe("on 29 February (ages by the calendar: see profiles/age.ts)", () => {
    afterEach(() => vi.useRealTimers());

    it("finds 18- to 20-year-olds by their birthdays, a 17-year-old born on 1 March not", async () => {
      const db = await getDb();
      const born = ["2010-02-28", "2010-03-01", "2008-02-29", "2007-03-01", "2007-02-28"];
      for (const birthdate of born) {
        await createTestMember(db, { profile: { name: birthdate, country: "ee", birthdate } });
      }
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2028-02-29T12:00:00Z"));
      const page = (await (
        await search("country=ee&min_age=18&max_age=20")
      ).json()) as MemberSearchPage;
      const found = page.profiles.map((card) => [card.name, card.age]).sort();
      expect(found).toEqual([
        ["2007-03-01", 20],
        ["2008-02-29", 20],
        ["2010-02-28", 18],
      ]);
    });
  });

  describe("on a site without logged-out search (spec §6)", () => {
    it("requires login from a visitor without a traffic source", async () => {
      const response = await search("", { host: "127.0.0.1" });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe("authentication_required");
    });

    it("lets a visitor who came from a traffic source search", async () => {
      const response = await search("", {
        host: "127.0.0.1",
        cookie: `tracking=${encodeURIComponent(JSON.stringify({ network: "ads" }))}`,
      });
      expect(response.status).toBe(200);
    });

    it("lets a member search, leaving out their own profile", async () => {
      const { profile, cookie } = await createLoggedInMember(app, {
        siteId: "herzklopfen",
        host: "127.0.0.1",
        profile: { country: COUNTRY },
      });
      const response = await search(`country=${COUNTRY}`, { host: "127.0.0.1", cookie });
      expect(response.status).toBe(200);
      const page = (await response.json()) as MemberSearchPage;
      expect(page.total).toBe(30);
      expect(page.profiles.map((card) => card.id)).not.toContain(profile.id);
    });
  });
});
