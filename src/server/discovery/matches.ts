import { and, asc, eq, or, sql } from "drizzle-orm";
import type { ProfileCard } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import { shownTo } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { matches } from "../likes/schema";
import { cardColumns, toProfileCard } from "../members/card";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";

/**
 * The oldest match this member has not been shown yet (issue 13: a member who was away when the
 * like was answered sees 'It's a match' on their next page), as a card; null when there is none
 * or its partner is no longer to be seen (blocked either way since, deactivated).
 */
export async function findUnseenMatch(
  db: Database,
  profileId: number,
  viewing: { media: MediaSigner; locale: Locale },
): Promise<ProfileCard | null> {
  const unseen = unseenMatchesOf(profileId);
  const [row] = await db
    .select({ card: cardColumns })
    .from(matches)
    .innerJoin(profiles, eq(profiles.id, unseen.partner))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(unseen.where)
    .orderBy(asc(matches.createdAt))
    .limit(1);
  if (!row) return null;
  const regions = await loadRegionCatalogue();
  return toProfileCard(row.card, viewing.media, regions.nameOf, viewing.locale);
}

/**
 * The partner of the oldest match the member has not been shown, as a query (a scalar subquery
 * of the pages' badge lookup, request/nav-badges.ts): findUnseenMatch's rules, without the card.
 */
export function unseenMatchPartnerQuery(db: Database, profileId: number) {
  const unseen = unseenMatchesOf(profileId);
  return db
    .select({ id: profiles.id })
    .from(matches)
    .innerJoin(profiles, eq(profiles.id, unseen.partner))
    .where(unseen.where)
    .orderBy(asc(matches.createdAt))
    .limit(1);
}

/** The member's unseen matches whose partner may still be seen: the partner, and the rule. */
function unseenMatchesOf(profileId: number) {
  return {
    partner: sql<number>`case when ${matches.profileLowId} = ${profileId} then ${matches.profileHighId} else ${matches.profileLowId} end`,
    where: and(
      // Each side on its own partial index (matches_*_unseen_idx).
      or(
        and(eq(matches.profileLowId, profileId), eq(matches.lowSeen, false)),
        and(eq(matches.profileHighId, profileId), eq(matches.highSeen, false)),
      ),
      shownTo(profileId),
    ),
  };
}
