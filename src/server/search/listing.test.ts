import { beforeAll, describe, expect, it } from "vitest";
import { createTestMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { MEMBER_CHANGE_CHANNEL } from "../auth/session-cache";
import { blockProfile } from "../blocks/service";
import { getConnection, getDb } from "../db/client";
import { createMediaSigner } from "../photos/media-url";
import { getSiteById } from "../sites/registry";
import { LISTING_TTL_MS } from "./listing-cache";
import { findMembers, LISTING_MARGIN } from "./service";

// A country no other test file puts members in, so what a search finds holds on a shared server.
const COUNTRY = "pt";
const query = { country: COUNTRY, gender: "female" as const };
const media = createMediaSigner(getSiteById("amora"), null);

async function woman(name: string) {
  return (
    await createTestMember(await getDb(), { profile: { name, country: COUNTRY, gender: "female" } })
  ).profile.id;
}

/**
 * Members in the country besides the three below: a listing of 24-card pages holds them all
 * (24 + 1 + LISTING_MARGIN rows), one of 5-card pages does not.
 */
const MEMBERS = 40;
let viewer: number;
let blockedByViewer: number;
let blockerOfViewer: number;
/** Profiles the viewer's search never finds. */
const elsewhere = Array.from({ length: 10 }, (_, i) => 2_000_000 + i);

beforeAll(async () => {
  const db = await getDb();
  for (let i = 0; i < MEMBERS; i++) await woman(`Pt ${i}`);
  // The viewer is one of them: their own profile matches their search, and is left out.
  viewer = await woman("Viewer");
  blockedByViewer = await woman("Blocked");
  blockerOfViewer = await woman("Blocker");
  await blockProfile(db, viewer, blockedByViewer);
  await blockProfile(db, blockerOfViewer, viewer);
});

/** The viewer's page from the shared listing (blocks known) and from their own statement. */
async function bothWays(options: { pageSize: number; totalCap: number; blockedWith?: number[] }) {
  const db = await getDb();
  const common = { media, locale: "en" as const, viewerProfileId: viewer, ...options };
  const shared = await findMembers(db, query, {
    ...common,
    blockedWith: options.blockedWith ?? [blockedByViewer, blockerOfViewer],
  });
  const own = await findMembers(db, query, { ...common, blockedWith: undefined });
  return { shared, own };
}

/**
 * The statements `run` sent, on a quiet database: a write elsewhere in between (a shared server)
 * forgets the listings, as it should, so a run that heard one is repeated.
 */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const connection = await getConnection();
  for (let attempt = 0; ; attempt++) {
    let heard = 0;
    const listener = await connection.listen(MEMBER_CHANGE_CHANNEL, {
      onNotify: () => heard++,
      onReset: () => heard++,
    });
    const statements = await recordQueries(run).finally(() => listener.close());
    if (heard === 0 || attempt === 5) return statements;
  }
}

describe("the shared first page of the member search (issue 30 item 1)", () => {
  it("gives a viewer what their own statement gives: never themself nor a block either way", async () => {
    for (const sizes of [
      // The listing holds every match: the viewer's result is what is left of it.
      { pageSize: 24, totalCap: 1000 },
      { pageSize: 24, totalCap: 10 },
      // It does not: a count past the cap by more than the viewer leaves out is past it for
      // them too; one the exclusions could bring under it is the viewer's statement's.
      { pageSize: 5, totalCap: 10 },
      { pageSize: 5, totalCap: MEMBERS - 2 },
      // …and so are blocks of members the search does not find (another country, or gone).
      {
        pageSize: 5,
        totalCap: MEMBERS - 5,
        blockedWith: [blockedByViewer, blockerOfViewer, ...elsewhere],
      },
    ]) {
      const { shared, own } = await bothWays(sizes);
      expect(shared).toEqual(own);
      const ids = shared.profiles.map((card) => card.id);
      expect(ids).toHaveLength(sizes.pageSize);
      for (const never of [viewer, blockedByViewer, blockerOfViewer])
        expect(ids).not.toContain(never);
    }
  });

  it("is read once for every viewer and visitor asking, and again once a member changes", async () => {
    const db = await getDb();
    const page = (blockedWith?: number[]) =>
      findMembers(db, query, { media, viewerProfileId: blockedWith ? viewer : null, blockedWith });
    await page();
    const quiet = await statementsOf(async () => {
      await page([blockedByViewer, blockerOfViewer]);
      await page();
      await page([]);
    });
    expect(quiet).toEqual([]);

    // Heard at once on the embedded database (the writing connection listens), a moment after
    // the commit on PostgreSQL (the listener's own connection): well before the listing's age
    // would have it read again.
    const newcomer = await woman("Newcomer");
    const since = performance.now();
    let first = (await page()).profiles[0]?.id;
    while (first !== newcomer && performance.now() - since < LISTING_TTL_MS / 2) {
      await new Promise((done) => setTimeout(done, 20));
      first = (await page()).profiles[0]?.id;
    }
    expect(first).toBe(newcomer);
  });

  it("leaves a viewer whose blocks were not read, or who leaves out more than the margin, to their own statement", async () => {
    const many = Array.from({ length: LISTING_MARGIN }, (_, i) => 1_000_000 + i);
    const { shared, own } = await bothWays({ pageSize: 24, totalCap: 10, blockedWith: many });
    expect(shared).toEqual(own);
    const db = await getDb();
    for (const blockedWith of [many, undefined]) {
      const statements = await statementsOf(() =>
        findMembers(db, query, { media, viewerProfileId: viewer, blockedWith }),
      );
      expect(statements).toHaveLength(1);
    }
  });
});
