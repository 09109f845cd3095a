import { and, desc, eq, gte, lte, ne, type SQL, sql } from "drizzle-orm";
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
    pageSize?: number;
    totalCap?: number;
    /** The similar-results set under a short result (the search screen's; strips need none). */
    withSimilar?: boolean;
  },
): Promise<MemberSearchPage> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const totalCap = options.totalCap ?? TOTAL_CAP;
  const today = new Date();
  const filters = searchFilters(query, options.viewerProfileId ?? null, today);

  const cursor = query.cursor ?? null;
  const pageFilters = [...filters];
  if (cursor) {
    const at = sql`${cursor.lastActiveAt}::timestamptz`;
    pageFilters.push(sql`(${profiles.lastActiveAt}, ${profiles.id}) < (${at}, ${cursor.id})`);
  }

  const regions = await loadRegionCatalogue();
  // The first page brings its capped count in the same statement, as a subquery the database
  // runs once: one round trip, one statement to parse and plan, where two were (issue 11).
  const counted = cursor
    ? sql<null>`null::int`
    : sql<number>`(select count(*)::int from ${db
        .select({ one: sql`1` })
        .from(profiles)
        .where(and(...filters))
        .limit(totalCap + 1)
        .as("matches")})`;
  const rows = await db
    .select({ ...cardColumns, counted })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(...pageFilters))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(pageSize + 1);

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  let total: number | null = null;
  let totalCapped = false;
  if (!cursor) {
    // No row on a first page: nothing matches, and there was no row to bring the count.
    const matches = rows[0]?.counted ?? 0;
    totalCapped = matches > totalCap;
    total = Math.min(matches, totalCap);
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

/** At most this many similar members under a short result. */
export const SIMILAR_LIMIT = 12;

/** How many years the age range widens by, each way, for similar members. */
export const SIMILAR_AGE_WIDENING = 5;

/** The filters of a search: what the member asked for, and who may be listed to them. */
function searchFilters(query: MemberSearchQuery, viewerProfileId: number | null, today: Date) {
  // Invisible members (spec §2 Settings) are not listed.
  const filters: SQL[] = [eq(profiles.status, "active"), eq(profiles.invisible, false)];
  if (query.gender) filters.push(eq(profiles.gender, query.gender));
  if (query.country) filters.push(eq(profiles.country, query.country));
  if (query.countryregion) filters.push(eq(profiles.region, query.countryregion));
  if (query.min_age !== undefined) {
    filters.push(lte(profiles.birthdate, latestBirthdateForAge(query.min_age, today)));
  }
  if (query.max_age !== undefined) {
    filters.push(gte(profiles.birthdate, earliestBirthdateForAge(query.max_age, today)));
  }
  if (viewerProfileId) {
    filters.push(ne(profiles.id, viewerProfileId));
    // spec §6: a blocked member does not find the blocker (nor the other way round).
    filters.push(notBlockedWith(viewerProfileId, profiles.id));
  }
  return filters;
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
      searchFilters(step, options.viewerProfileId ?? null, today),
    ),
    {
      limit: options.limit,
      exclude: options.exclude,
      media: options.media,
      locale: options.locale ?? "en",
    },
  );
}
