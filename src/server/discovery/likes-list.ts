import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { LIKE_LISTS, type LikeList } from "../../contract/like-options";
import type { LikesAnswer } from "../../contract/likes";
import type { Locale } from "../../i18n/locales";
import { shownTo } from "../blocks/service";
import type { Database } from "../db/client";
import { createMemberCache } from "../events/member-cache";
import { loadRegionCatalogue } from "../geo/regions";
import { decodeKeysetCursor, encodeKeysetCursor } from "../lib/keyset-cursor";
import { likes, matches } from "../likes/schema";
import { countNewLikes } from "../likes/service";
import { type CardRow, cardColumns, toProfileCard } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";

export const LIKES_PAGE_SIZE = 24;

const LIKE_LISTS_COUNT = LIKE_LISTS.length;

/**
 * One page of the likes page (issue 13): `received` (who liked me), `given` (whom I liked) or
 * `matches` (who both), newest first, by keyset. Only active profiles, none blocked either way.
 * `liked_by` says which of the listed profiles liked the member, and whether that is new.
 */
export async function listLikes(
  db: Database,
  me: MemberViewer,
  list: LikeList,
  cursor: string | undefined,
  viewing: { media: MediaSigner; locale: Locale },
): Promise<LikesAnswer> {
  if (cursor) return loadLikes(db, me, list, cursor, viewing);
  return firstPages.get(me.userId, `${viewing.locale}:${list}`, () =>
    loadLikes(db, me, list, undefined, viewing),
  );
}

/**
 * The first page of each member's likes lists, as last answered (issue 13: GET /api/likes.php
 * within 25 ms p99 at 50 concurrent). Whatever changes a list publishes an event for its member
 * (a like given, taken back or seen, a match, a block), which drops the member's pages
 * (events/member-cache.ts); another member's new name or photo shows within the TTL.
 */
const firstPages = createMemberCache<LikesAnswer>({
  ttlMs: 10 * 60_000,
  // About 10 KB a page of 24: some 60 MB at most.
  maxMembers: 2000,
  keysPerMember: LIKE_LISTS_COUNT,
});

async function loadLikes(
  db: Database,
  me: MemberViewer,
  list: LikeList,
  cursor: string | undefined,
  viewing: { media: MediaSigner; locale: Locale },
): Promise<LikesAnswer> {
  const after = cursor ? decodeKeysetCursor(cursor) : null;
  // The same rule as the badge's count (countNewLikes): what is not listed is not counted.
  const visible = shownTo(me.profileId);
  let rows: { at: string; isNew: boolean; card: CardRow }[];
  if (list === "matches") {
    const partner = sql<number>`case when ${matches.profileLowId} = ${me.profileId} then ${matches.profileHighId} else ${matches.profileLowId} end`;
    rows = await db
      .select({
        at: sql<string>`(${matches.createdAt})::text`,
        isNew: sql<boolean>`false`,
        card: cardColumns,
      })
      .from(matches)
      .innerJoin(profiles, eq(profiles.id, partner))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(
        and(
          or(eq(matches.profileLowId, me.profileId), eq(matches.profileHighId, me.profileId)),
          visible,
          after
            ? sql`(${matches.createdAt}, ${partner}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(matches.createdAt), desc(partner))
      .limit(LIKES_PAGE_SIZE + 1);
  } else {
    const [mine, theirs] =
      list === "received"
        ? [likes.likedProfileId, likes.likerProfileId]
        : [likes.likerProfileId, likes.likedProfileId];
    rows = await db
      .select({
        at: sql<string>`(${likes.createdAt})::text`,
        isNew: list === "received" ? likes.isNew : sql<boolean>`false`,
        card: cardColumns,
      })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, theirs))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(
        and(
          eq(mine, me.profileId),
          visible,
          after
            ? sql`(${likes.createdAt}, ${theirs}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(likes.createdAt), desc(theirs))
      .limit(LIKES_PAGE_SIZE + 1);
  }
  const page = rows.slice(0, LIKES_PAGE_SIZE);
  const regions = await loadRegionCatalogue();
  const ids = page.map((row) => row.card.id);

  let likedBy: LikesAnswer["liked_by"];
  if (list === "received") {
    likedBy = page.map((row) => ({ id: row.card.id, like_new: row.isNew }));
  } else if (ids.length === 0) {
    likedBy = [];
  } else {
    likedBy = (
      await db
        .select({ id: likes.likerProfileId, like_new: likes.isNew })
        .from(likes)
        .where(and(eq(likes.likedProfileId, me.profileId), inArray(likes.likerProfileId, ids)))
    ).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }
  const liked =
    list !== "received"
      ? ids
      : ids.length === 0
        ? []
        : (
            await db
              .select({ id: likes.likedProfileId })
              .from(likes)
              .where(
                and(eq(likes.likerProfileId, me.profileId), inArray(likes.likedProfileId, ids)),
              )
          )
            .map((row) => row.id)
            .sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
  const last = page.at(-1);
  return {
    profiles: page.map((row) =>
      toProfileCard(row.card, viewing.media, regions.nameOf, viewing.locale),
    ),
    liked_by: likedBy,
    liked,
    next_cursor:
      rows.length > LIKES_PAGE_SIZE && last ? encodeKeysetCursor(last.at, last.card.id) : null,
    new_likes: await countNewLikes(db, me.profileId),
  };
}
