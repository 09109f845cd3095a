import { z } from "@hono/zod-openapi";
import { and, desc, eq, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import { regionField } from "../../contract/fields";
import { GENDERS, INTERESTS } from "../../contract/profile-options";
import type { ProfileCard } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import { notBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { cardColumns, toProfileCard } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { earliestBirthdateForAge, getAge, latestBirthdateForAge } from "../profiles/age";
import { soughtGender } from "../profiles/preferences";
import { profiles } from "../profiles/schema";
import { AGE_SPREAD, type Preferences, seeks } from "./candidates";

/** The match finder lists this many members. */
export const FINDER_LIMIT = 24;

/** Interests one may pick in the finder. */
export const FINDER_MAX_INTERESTS = 5;

const age = z.coerce.number().int().min(18).max(99);

/**
 * The match finder's form (issue 13): who, an age range, a region of the member's country and
 * interests; every field optional, each falling back to the member's own preferences. Read
 * leniently from a page's address: a bad field is left out, not an error page.
 */
export const finderQuery = z
  .object({
    gender: z.enum(GENDERS).optional(),
    min_age: age.optional(),
    max_age: age.optional(),
    countryregion: regionField.optional(),
    interests: z.array(z.enum(INTERESTS)).max(FINDER_MAX_INTERESTS).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ["max_age"],
  });
export type FinderQuery = z.infer<typeof finderQuery>;

/** The finder's query from a page's address, each bad field dropped. */
export function parseFinderParams(params: URLSearchParams): FinderQuery {
  const result: Record<string, unknown> = {};
  for (const key of ["gender", "min_age", "max_age", "countryregion"] as const) {
    const value = params.get(key);
    if (value && finderQuery.safeParse({ [key]: value }).success) result[key] = value;
  }
  const interests = [...new Set(params.getAll("interests"))].filter((value) =>
    (INTERESTS as readonly string[]).includes(value),
  );
  if (interests.length) result.interests = interests.slice(0, FINDER_MAX_INTERESTS);
  const parsed = finderQuery.safeParse(result);
  return parsed.success ? parsed.data : {};
}

/** The age range the finder uses: the form's, else the member's own age and AGE_SPREAD. */
export function finderAgeRange(me: Preferences, query: FinderQuery, today = new Date()) {
  const own = getAge(me.birthdate, today);
  return {
    min: query.min_age ?? Math.max(18, own - AGE_SPREAD),
    max: query.max_age ?? own + AGE_SPREAD,
  };
}

/**
 * Members who match both ways (issue 13): the gender the member asks for (or looks for), who
 * look for the member's in turn; in the age range asked for, while the member's own age is
 * within AGE_SPREAD of theirs (the age they would look for); in the member's country (and the
 * region, if asked); with at least one of the interests, if asked, those sharing the most
 * first; then the most recently active. Never the member, the hidden or the blocked.
 */
export async function findMatches(
  db: Database,
  me: Preferences,
  query: FinderQuery,
  viewing: { media: MediaSigner; locale: Locale },
): Promise<ProfileCard[]> {
  const today = new Date();
  const { min, max } = finderAgeRange(me, query, today);
  const own = getAge(me.birthdate, today);
  // Their age must suit both: the range asked for, and within AGE_SPREAD of the member's.
  const youngest = Math.max(min, own - AGE_SPREAD, 18);
  const oldest = Math.min(max, own + AGE_SPREAD);
  if (youngest > oldest) return [];
  const gender = query.gender ?? soughtGender(me);
  const filters: SQL[] = [
    eq(profiles.status, "active"),
    eq(profiles.invisible, false),
    ne(profiles.id, me.id),
    notBlockedWith(me.id, profiles.id),
    eq(profiles.country, me.country),
    lte(profiles.birthdate, latestBirthdateForAge(youngest, today)),
    gte(profiles.birthdate, earliestBirthdateForAge(oldest, today)),
    gender ? eq(profiles.gender, gender) : sql`${profiles.gender} is not null`,
  ];
  if (me.gender) filters.push(seeks(me.gender));
  if (query.countryregion) filters.push(eq(profiles.region, query.countryregion));
  const interests = query.interests ?? [];
  if (interests.length) {
    filters.push(sql`${profiles.interests} ?| ${sql.param(interests)}::text[]`);
  }
  // Those sharing the most interests first (when asked for any).
  const order = [desc(profiles.lastActiveAt), desc(profiles.id)];
  if (interests.length) {
    order.unshift(
      desc(
        sql`(select count(*) from jsonb_array_elements_text(${profiles.interests}) as interest where interest = any(${sql.param(interests)}::text[]))`,
      ),
    );
  }
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(...filters))
    .orderBy(...order)
    .limit(FINDER_LIMIT);
  const regions = await loadRegionCatalogue();
  return rows.map((row) =>
    toProfileCard(row, viewing.media, regions.nameOf, viewing.locale, today),
  );
}
