import { and, desc, eq, gte, lte, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { ProfileCard } from "../../contract/profiles";
import type { MemberSearchPage } from "../../contract/search";
import type { Locale } from "../../i18n/locales";
import { notBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { cardColumns, findCardsInSteps, toProfileCard } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { earliestBirthdateForAge, latestBirthdateForAge } from "../profiles/age";
import { profiles } from "../profiles/schema";
import { listingCacheFor } from "./listing-cache";
import { encodeSearchCursor, type MemberSearchQuery } from "./validation";

/**
 * Total matches are counted up to this many, on the first page only (spec §3: result pages with
 * total results): counting every one of 100 000 members on each search costs more than the page.
 */
export const TOTAL_CAP = 1000;

export const SEARCH_PAGE_SIZE = 24;

/**
 * One page of member search, newest activity first, with keyset paging (design §12: no
 * OFFSET scans). The viewer's own profile is left out.
 */
export async function findMembers(
  db: Database,
  query: MemberSearchQuery,
  options: {
    /** Mints the cards' photo URLs for the viewer (viewerProfileId's member, or a visitor). */
    media: MediaSigner;
    locale?: Locale;
    viewerProfileId?: number | null;
    /**
     * The profiles the viewer blocked or was blocked by, where the request read them with its
     * session (Viewer.blockedWith): a member's first page may then come from the shared listing.
     */
    blockedWith?: readonly number[];
    pageSize?: number;
    totalCap?: number;
    /** The similar-results set under a short result (the search screen's; strips need none). */
    withSimilar?: boolean;
  },
): Promise<MemberSearchPage> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const totalCap = options.totalCap ?? TOTAL_CAP;
  const today = new Date();
  const cursor = query.cursor ?? null;
  const viewer = options.viewerProfileId ?? null;
  const values = searchValues(query, viewer, today);
  if (cursor) Object.assign(values, { cursorAt: cursor.lastActiveAt, cursorId: cursor.id });
  const regions = await loadRegionCatalogue();
  const found =
    (!cursor &&
      (await fromSharedListing(db, values, viewer, options.blockedWith, pageSize, totalCap))) ||
    (await fromViewerSearch(db, values, pageSize, totalCap));
  const { rows } = found;

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  let total: number | null = null;
  let totalCapped = false;
  if (!cursor) {
    totalCapped = found.matches > totalCap;
    total = Math.min(found.matches, totalCap);
  }
  // spec §3 Search state's similar-results set: a first page that is all there is, and short.
  const similar =
    options.withSimilar && !cursor && !hasMore && page.length < pageSize
      ? await findSimilarMembers(db, query, {
          ...options,
          exclude: page.map((row) => row.id),
          limit: SIMILAR_LIMIT,
        })
      : [];
  return {
    profiles: page.map((row) =>
      toProfileCard(row, options.media, regions.nameOf, options.locale ?? "en", today),
    ),
    total,
    total_capped: totalCapped,
    next_cursor:
      hasMore && last ? encodeSearchCursor({ lastActiveAt: last.lastActiveAt, id: last.id }) : null,
    similar,
  };
}

/**
 * A page's rows as the viewer's statement gives them (up to a page and one more, newest activity
 * first), and on a first page the matches counted up to the cap and one more.
 */
type Found = { rows: SearchRow[]; matches: number };

/** A row of a search statement: a card's columns, its activity time and the first page's count. */
type SearchRow = Awaited<ReturnType<ReturnType<typeof buildSearch>["execute"]>>[number];

/** The viewer's own statement: their exclusions in its text, any page. */
async function fromViewerSearch(
  db: Database,
  values: SearchValues,
  pageSize: number,
  totalCap: number,
): Promise<Found> {
  const rows = await searchStatement(db, values, pageSize, totalCap).execute(values);
  // No row on a first page: nothing matches, and there was no row to bring the count.
  return { rows, matches: rows[0]?.counted ?? 0 };
}

/**
 * How many more rows a shared first page reads than a page needs, and how many more matches it
 * counts than the cap: a viewer leaving out at most this many profiles (their own and those of
 * their blocks) is served from it; one with more asks their own statement.
 */
export const LISTING_MARGIN = 32;

/**
 * A first page from the listing every viewer of these filters shares (issue 30 item 1): most
 * members start from the same few listings (their sought gender, newest first), and each asked
 * the database for it, the search being most of a member page's database work (on PGlite 1.1
 * of its thread's 2 ms a page). The listing is read without a viewer's exclusions and kept until
 * a member changes or for a second (search/listing-cache.ts); each viewer's page leaves out
 * their own profile and their blocks (spec §6) in memory, exactly as their statement would.
 * Undefined where that cannot be exact: a member whose blocks the request did not read, more
 * exclusions than LISTING_MARGIN, a count under the cap the exclusions could change (their own
 * statement counts it), or no cache (a transaction, or the listening connection down).
 */
async function fromSharedListing(
  db: Database,
  values: SearchValues,
  viewer: number | null,
  blockedWith: readonly number[] | undefined,
  pageSize: number,
  totalCap: number,
): Promise<Found | undefined> {
  if (viewer !== null && blockedWith === undefined) return undefined;
  const excluded = new Set(blockedWith);
  if (viewer !== null) excluded.add(viewer);
  if (excluded.size > LISTING_MARGIN) return undefined;
  const { viewer: _viewer, ...shared } = values;
  const cache = await listingCacheFor<Found>(db);
  const read = cache?.readThrough(`${pageSize}:${totalCap}:${JSON.stringify(shared)}`, () =>
    fromViewerSearch(db, shared, pageSize + LISTING_MARGIN, totalCap + LISTING_MARGIN),
  );
  if (!read) return undefined;
  const listing = await read;
  const rows = listing.rows.filter((row) => !excluded.has(row.id));
  if (listing.rows.length < pageSize + 1 + LISTING_MARGIN) {
    // Every match is in the listing: what is left is the viewer's whole result.
    return { rows: rows.slice(0, pageSize + 1), matches: rows.length };
  }
  // More matches than the listing holds: leaving out `excluded` keeps more than a page, and
  // more than the cap where the count is past the cap by more than it leaves out.
  if (listing.matches <= totalCap + excluded.size) return undefined;
  return { rows: rows.slice(0, pageSize + 1), matches: listing.matches - excluded.size };
}

/** At most this many similar members under a short result. */
export const SIMILAR_LIMIT = 12;

/** How many years the age range widens by, each way, for similar members. */
export const SIMILAR_AGE_WIDENING = 5;

/** A search's values, each there only when its filter is (the statement's shape). */
type SearchValues = {
  gender?: MemberSearchQuery["gender"];
  country?: string;
  region?: string;
  /** Born on or before this day (the minimum age). */
  bornBy?: string;
  /** Born on or after this day (the maximum age). */
  bornFrom?: string;
  viewer?: number;
  cursorAt?: string;
  cursorId?: number;
};

/** Each of a statement's values, or the placeholder a prepared statement has in its place. */
type Bound<Values> = { [Name in keyof Values]: Values[Name] | Placeholder };

/** What the member asked for, and who is asking, as the search's values. */
function searchValues(
  query: MemberSearchQuery,
  viewerProfileId: number | null,
  today: Date,
): SearchValues {
  const values: SearchValues = {};
  if (query.gender) values.gender = query.gender;
  if (query.country) values.country = query.country;
  if (query.countryregion) values.region = query.countryregion;
  if (query.min_age !== undefined) values.bornBy = latestBirthdateForAge(query.min_age, today);
  if (query.max_age !== undefined) values.bornFrom = earliestBirthdateForAge(query.max_age, today);
  if (viewerProfileId) values.viewer = viewerProfileId;
  return values;
}

/**
 * The filters of a search: what the member asked for, and who may be listed to them. With the
 * values themselves, or with placeholders for a prepared statement (searchStatement), whose
 * open shapes write the listing's constant conditions into the text (`inline`).
 */
function searchFilters(values: Bound<SearchValues>, inline = false): SQL[] {
  // Invisible members (spec §2 Settings) are not listed.
  const filters: SQL[] = inline
    ? [sql`${profiles.status} = 'active'`, sql`not ${profiles.invisible}`]
    : [eq(profiles.status, "active"), eq(profiles.invisible, false)];
  if (values.gender !== undefined) filters.push(eq(profiles.gender, values.gender));
  if (values.country !== undefined) filters.push(eq(profiles.country, values.country));
  if (values.region !== undefined) filters.push(eq(profiles.region, values.region));
  if (values.bornBy !== undefined) filters.push(lte(profiles.birthdate, values.bornBy));
  if (values.bornFrom !== undefined) filters.push(gte(profiles.birthdate, values.bornFrom));
  if (values.viewer !== undefined) {
    filters.push(ne(profiles.id, values.viewer));
    // spec §6: a blocked member does not find the blocker (nor the other way round).
    filters.push(notBlockedWith(values.viewer, profiles.id));
  }
  return filters;
}

const SHAPE_KEYS = [
  "gender",
  "country",
  "region",
  "bornBy",
  "bornFrom",
  "viewer",
  "cursorAt",
] as const satisfies (keyof SearchValues)[];

/**
 * The filters whose values decide the best plan: a country, a region or an age range matches
 * from a handful of members to most of them, and a cursor starts anywhere in the list.
 */
const SELECTIVE_KEYS = [
  "country",
  "region",
  "bornBy",
  "bornFrom",
  "cursorAt",
] as const satisfies (keyof SearchValues)[];

/** Each database's prepared searches, by their shape's name. */
const searchStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildSearch>>>();

/**
 * The search statement of these values' shape (which filters it has, its limits), prepared
 * once (issue 30 item 1): drizzle builds its text once, and each connection parses it once,
 * where every search did both (`/members` at 50 connections on PGlite: 95–104 → 115–116 pages a
 * second, the database's thread 3.6–3.9 → 3.1 ms a page). A shape has a name of its own
 * (PostgreSQL keeps them per connection); there are at most 2^7 of them per page size.
 *
 * Which plan runs is chosen per shape. PostgreSQL plans a prepared statement for each call's
 * values five times, then keeps one plan for any values if it is priced no higher; that plan
 * can use the partial indexes (status 'active', visible) only where those conditions are in the
 * text, and knows the limits only where they are too.
 * - An open shape (the first page, filtered by gender and the viewer at most: the listing most
 *   members see) has them in its text: every value of it is best served by the same plan (walk
 *   the most recently active, two genders each a large share), so it is planned once per
 *   connection. Planning was most of the statement's time on PostgreSQL (its log on 100 000
 *   members: bind 0.8 → 0.1 ms, execute 0.5–0.6); /members from two processes 198–216 →
 *   240–246 pages a second at 50 connections, runs alternated.
 * - A selective shape (SELECTIVE_KEYS) binds them: a plan for any values can then use neither
 *   the partial indexes nor the limits, so it reads the whole table, and on any table where
 *   that costs more than a few milliseconds each call is planned for its own values (on
 *   PostgreSQL, 6 000 members took it for an age range, 10 000 never: plans.test.ts). Where
 *   they were in the text, PostgreSQL did keep one plan for some of these after five calls, on
 *   100 000 members with a country four in five live in: a common region's page 3 → 160–230
 *   ms, a narrow age range's 25–30 → 50–120 ms, the busiest country at every age after a rare
 *   country's narrow range 2 → 340 ms.
 */
function searchStatement(db: Database, values: SearchValues, pageSize: number, totalCap: number) {
  const bits = SHAPE_KEYS.map((key) => (values[key] === undefined ? 0 : 1)).join("");
  const name = `member_search_${bits}_${pageSize}_${totalCap}`;
  let byName = searchStatements.get(db);
  if (byName === undefined) {
    byName = new Map();
    searchStatements.set(db, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    const placeholders = Object.fromEntries(
      Object.keys(values).map((key) => [key, sql.placeholder(key)]),
    ) as Bound<SearchValues>;
    const open = SELECTIVE_KEYS.every((key) => values[key] === undefined);
    statement = buildSearch(db, placeholders, pageSize, totalCap, name, open);
    byName.set(name, statement);
  }
  return statement;
}

function buildSearch(
  db: Database,
  values: Bound<SearchValues>,
  pageSize: number,
  totalCap: number,
  name: string,
  inline: boolean,
) {
  const filters = searchFilters(values, inline);
  const limit = (rows: number) => (inline ? inlineLimit(rows) : rows);
  const pageFilters = [...filters];
  const first = values.cursorAt === undefined;
  if (!first) {
    pageFilters.push(
      sql`(${profiles.lastActiveAt}, ${profiles.id}) < (${values.cursorAt}::timestamptz, ${values.cursorId})`,
    );
  }
  // The first page brings its capped count in the same statement, as a subquery the database
  // runs once: one round trip, one statement to parse and plan, where two were (issue 11).
  const counted = first
    ? sql<number>`(select count(*)::int from ${db
        .select({ one: sql`1` })
        .from(profiles)
        .where(and(...filters))
        .limit(limit(totalCap + 1))
        .as("matches")})`
    : sql<null>`null::int`;
  return db
    .select({ ...cardColumns, counted })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(...pageFilters))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(limit(pageSize + 1))
    .prepare(name);
}

/**
 * A limit written into a statement's text, where drizzle binds a number as a parameter. Its
 * PostgreSQL dialect writes an SQL chunk given as the limit as it is; the method's type names
 * only numbers and placeholders.
 */
function inlineLimit(rows: number): number {
  return sql.raw(String(Math.trunc(rows))) as unknown as number;
}

/**
 * The searches a short result widens to (issue 13), in order: the region widened to its country,
 * then the age range widened by SIMILAR_AGE_WIDENING years each way. A search with neither has
 * nothing to widen.
 */
export function widenedSearches(query: MemberSearchQuery): MemberSearchQuery[] {
  const steps: MemberSearchQuery[] = [];
  let widened: MemberSearchQuery = { ...query, cursor: undefined };
  if (widened.countryregion) {
    widened = { ...widened, countryregion: undefined };
    steps.push(widened);
  }
  if (widened.min_age !== undefined || widened.max_age !== undefined) {
    widened = {
      ...widened,
      min_age:
        widened.min_age === undefined
          ? undefined
          : Math.max(MIN_SEARCH_AGE, widened.min_age - SIMILAR_AGE_WIDENING),
      max_age: widened.max_age === undefined ? undefined : widened.max_age + SIMILAR_AGE_WIDENING,
    };
    steps.push(widened);
  }
  return steps;
}

const MIN_SEARCH_AGE = 18;

/**
 * Members like those a short search found (spec §3 similar-results set): from the widened
 * searches in turn, most recently active first, none of the results (`exclude`) nor twice.
 */
async function findSimilarMembers(
  db: Database,
  query: MemberSearchQuery,
  options: {
    media: MediaSigner;
    locale?: Locale;
    viewerProfileId?: number | null;
    exclude: number[];
    limit: number;
  },
): Promise<ProfileCard[]> {
  const today = new Date();
  return findCardsInSteps(
    db,
    widenedSearches(query).map((step) =>
      searchFilters(searchValues(step, options.viewerProfileId ?? null, today)),
    ),
    {
      limit: options.limit,
      exclude: options.exclude,
      media: options.media,
      locale: options.locale ?? "en",
    },
  );
}
