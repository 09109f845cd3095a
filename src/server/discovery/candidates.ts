import { eq, gte, isNotNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { ProfileCard } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import { notBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { likes } from "../likes/schema";
import { findCardsInSteps } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { earliestBirthdateForAge, getAge, latestBirthdateForAge } from "../profiles/age";
import { type Preferences, soughtGender } from "../profiles/preferences";
import { type Profile, profiles } from "../profiles/schema";
import { discoverySeen } from "./schema";

/** How far from the member's own age the first cards are (either way), before it widens. */
export const AGE_SPREAD = 10;

/** The youngest member anyone is offered (spec §5: members are adults). */
const MIN_AGE = 18;

/**
 * What a member is offered in discovery (issue 13): `swipe` leaves out whom they liked or passed;
 * `offer` (the like pop-up) also whom it offered them before, so each profile comes once.
 */
export type CandidateMode = "swipe" | "offer";

export type { Preferences };

/** Members who look for this gender: theirs, both, or they do not say. */
export function seeks(gender: NonNullable<Profile["gender"]>): SQL {
  return or(
    sql`${profiles.seeking} is null`,
    eq(profiles.seeking, "both"),
    eq(profiles.seeking, gender),
  ) as SQL;
}

/**
 * The filters of "fits the member" (issue 13): the gender they look for, looking for theirs in
 * turn (or for both, or not saying), and, at the strict step, their country and an age near
 * their own. Each step of `widen` lets one go: the country first, then the age.
 */
export function fitFilters(me: Preferences, widen: 0 | 1 | 2, today = new Date()): SQL[] {
  const filters: SQL[] = [];
  const gender = soughtGender(me);
  filters.push(
    gender ? eq(profiles.gender, gender) : sql`${profiles.gender} in ('female', 'male')`,
  );
  if (me.gender) filters.push(seeks(me.gender));
  if (widen < 1) filters.push(eq(profiles.country, me.country));
  if (widen < 2) {
    const age = getAge(me.birthdate, today);
    filters.push(
      lte(profiles.birthdate, latestBirthdateForAge(Math.max(MIN_AGE, age - AGE_SPREAD), today)),
      gte(profiles.birthdate, earliestBirthdateForAge(age + AGE_SPREAD, today)),
    );
  }
  return filters;
}

/**
 * Who a member may be offered at all: active, listed (not invisible), with a photo, not the
 * member, not blocked either way, not liked yet, and not passed (or offered, for `offer`).
 */
export function offerableFilters(me: Preferences, mode: CandidateMode): SQL[] {
  return [
    eq(profiles.status, "active"),
    eq(profiles.invisible, false),
    isNotNull(profiles.mainPhotoId),
    ne(profiles.id, me.id),
    notBlockedWith(me.id, profiles.id),
    sql`not exists (select 1 from ${likes} where ${likes.likerProfileId} = ${me.id} and ${likes.likedProfileId} = ${profiles.id})`,
    mode === "offer"
      ? sql`not exists (select 1 from ${discoverySeen} where ${discoverySeen.viewerProfileId} = ${me.id} and ${discoverySeen.profileId} = ${profiles.id})`
      : sql`not exists (select 1 from ${discoverySeen} where ${discoverySeen.viewerProfileId} = ${me.id} and ${discoverySeen.profileId} = ${profiles.id} and ${discoverySeen.kind} = 'pass')`,
  ];
}

/**
 * The next profiles to offer a member, the most recently active first: those that fit them
 * best, and when those run out, the wider steps of fitFilters. `exclude` are the profiles the
 * client already holds (the cards prefetched but not swiped yet), at most a page or two.
 */
export async function findCandidates(
  db: Database,
  me: Preferences,
  mode: CandidateMode,
  options: {
    limit: number;
    exclude?: number[];
    viewing: { media: MediaSigner; locale: Locale };
  },
): Promise<ProfileCard[]> {
  const today = new Date();
  const offerable = offerableFilters(me, mode);
  return findCardsInSteps(
    db,
    ([0, 1, 2] as const).map((widen) => [...offerable, ...fitFilters(me, widen, today)]),
    { limit: options.limit, exclude: options.exclude, ...options.viewing },
  );
}
