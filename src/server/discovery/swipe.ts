import { and, eq, sql } from "drizzle-orm";
import { SWIPE_LIKES_PER_DAY } from "../../contract/premium";
import type { ProfileCard } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import { notBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { ApiError, notFound } from "../lib/errors";
import { hasLiked, isMatch, likeProfile } from "../likes/service";
import { cardColumns, toProfileCard } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { findCandidates, type Preferences } from "./candidates";
import { discoverySeen, swipeDays } from "./schema";

/** Cards a swipe-game page brings: enough to swipe on while the next ones load. */
export const SWIPE_PAGE_SIZE = 8;

type Viewing = { media: MediaSigner; locale: Locale };

/** The site's calendar day of an instant (issue 13: the day rolls over at midnight there). */
export function siteDay(site: Pick<Site, "timeZone">, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: site.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Likes a member has left in the swipe game today; null for premium (no limit). */
export async function swipeLikesLeft(
  db: Database,
  me: MemberViewer,
  site: Pick<Site, "timeZone">,
  now = new Date(),
): Promise<number | null> {
  if (me.isPremium) return null;
  const [row] = await db
    .select({ likes: swipeDays.likes })
    .from(swipeDays)
    .where(and(eq(swipeDays.profileId, me.profileId), eq(swipeDays.day, siteDay(site, now))));
  return Math.max(0, SWIPE_LIKES_PER_DAY - (row?.likes ?? 0));
}

/** The member's preferences, which came with their session (members/user-view.ts). */
function requirePreferences(preferences: Preferences | null): Preferences {
  if (!preferences) throw notFound("error.profileUnavailable");
  return preferences;
}

/** The next cards of the swipe game, and the likes left today. */
export async function nextSwipeCards(
  db: Database,
  me: MemberViewer,
  site: Pick<Site, "timeZone">,
  options: { preferences: Preferences | null; exclude: number[]; viewing: Viewing },
): Promise<{ profiles: ProfileCard[]; likes_left: number | null }> {
  const preferences = requirePreferences(options.preferences);
  const cards = await findCandidates(db, preferences, "swipe", {
    limit: SWIPE_PAGE_SIZE,
    exclude: options.exclude,
    viewing: options.viewing,
  });
  return { profiles: cards, likes_left: await swipeLikesLeft(db, me, site) };
}

/**
 * A like in the swipe game: for a free member one of the day's SWIPE_LIKES_PER_DAY, counted
 * under the day row's lock in the like's own transaction, so twenty parallel likes give four;
 * past the limit, 403 swipe_limit (the premium alert). Liking a profile twice counts once.
 */
export async function swipeLike(
  db: Database,
  me: MemberViewer,
  site: Pick<Site, "timeZone">,
  profileId: number,
  now = new Date(),
): Promise<{ likes_left: number | null; match: boolean }> {
  await db.transaction(async (tx) => {
    if (await hasLiked(tx, me.profileId, profileId)) return;
    if (!me.isPremium) {
      const day = siteDay(site, now);
      const [counted] = await tx
        .insert(swipeDays)
        .values({ profileId: me.profileId, day, likes: 1 })
        .onConflictDoUpdate({
          target: [swipeDays.profileId, swipeDays.day],
          set: { likes: sql`${swipeDays.likes} + 1` },
          setWhere: sql`${swipeDays.likes} < ${SWIPE_LIKES_PER_DAY}`,
        })
        .returning({ likes: swipeDays.likes });
      if (!counted) {
        throw new ApiError(403, "swipe_limit", "swipe.error.limit", { count: SWIPE_LIKES_PER_DAY });
      }
    }
    await likeProfile(tx, me.profileId, profileId);
    // A like takes back a pass: the profile is liked now, and no undo should bring it back.
    await tx
      .delete(discoverySeen)
      .where(
        and(
          eq(discoverySeen.viewerProfileId, me.profileId),
          eq(discoverySeen.profileId, profileId),
        ),
      );
  });
  return {
    likes_left: await swipeLikesLeft(db, me, site, now),
    match: await isMatch(db, me.profileId, profileId),
  };
}

/** A pass in the swipe game: the profile is not shown there again (until the pass is undone). */
export async function swipePass(db: Database, me: MemberViewer, profileId: number): Promise<void> {
  if (profileId === me.profileId) throw new ApiError(422, "cannot_pass_self", "swipe.error.self");
  const [exists] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!exists) throw notFound("error.profileUnavailable");
  await db
    .insert(discoverySeen)
    .values({ viewerProfileId: me.profileId, profileId, kind: "pass" })
    .onConflictDoUpdate({
      target: [discoverySeen.viewerProfileId, discoverySeen.profileId],
      set: { kind: "pass", createdAt: sql`now()` },
    });
}

/**
 * Undoes the member's last pass (issue 13): the profile is back at the top of their cards.
 * @returns the profile's card, or null when there is no pass to undo (or it is gone meanwhile)
 */
export async function undoLastPass(
  db: Database,
  me: MemberViewer,
  viewing: Viewing,
): Promise<ProfileCard | null> {
  const [last] = await db
    .delete(discoverySeen)
    .where(
      and(
        eq(discoverySeen.viewerProfileId, me.profileId),
        eq(
          discoverySeen.profileId,
          sql`(select ${discoverySeen.profileId} from ${discoverySeen} where ${discoverySeen.viewerProfileId} = ${me.profileId} and ${discoverySeen.kind} = 'pass' order by ${discoverySeen.createdAt} desc limit 1)`,
        ),
      ),
    )
    .returning({ profileId: discoverySeen.profileId });
  if (!last) return null;
  const [row] = await db
    .select(cardColumns)
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(profiles.id, last.profileId),
        eq(profiles.status, "active"),
        notBlockedWith(me.profileId, profiles.id),
      ),
    );
  if (!row) return null;
  const regions = await loadRegionCatalogue();
  return toProfileCard(row, viewing.media, regions.nameOf, viewing.locale);
}

/**
 * The like pop-up's next profile (spec §7 GET /api/auto-like.php): one who fits the member and
 * was never offered to them before (nor liked, passed or blocked). Looking changes nothing.
 */
export async function findAutoLikeProfile(
  db: Database,
  mine: Preferences | null,
  viewing: Viewing,
): Promise<ProfileCard | null> {
  const preferences = requirePreferences(mine);
  const [card] = await findCandidates(db, preferences, "offer", { limit: 1, viewing });
  return card ?? null;
}

/**
 * The like pop-up's profile, noted as offered, so it is offered once (POST /api/auto-like.php:
 * the pop-up's call, a write the origin check covers, where a GET must change nothing).
 */
export async function offerAutoLike(
  db: Database,
  me: MemberViewer,
  mine: Preferences | null,
  viewing: Viewing,
): Promise<ProfileCard | null> {
  const card = await findAutoLikeProfile(db, mine, viewing);
  if (!card) return null;
  await db
    .insert(discoverySeen)
    .values({ viewerProfileId: me.profileId, profileId: card.id, kind: "offered" })
    .onConflictDoNothing();
  return card;
}
