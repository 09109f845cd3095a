import { and, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { ProfileCard } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { loadRegionCatalogue, type RegionCatalogue } from "../geo/regions";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import { toPhotoView } from "../photos/service";
import { getAge } from "../profiles/age";
import { type Profile, profiles } from "../profiles/schema";

/*
 * A member's card (spec §2: search results, related members, likes): the query fragment and the
 * mapping other features use to list members. Cards are the profiles feature's view of a profile,
 * so search, landings and later likes read them from here (ARCHITECTURE.md, feature boundaries).
 */

/** The columns of a card: select them from profiles left-joined to the main photo. */
export const cardColumns = {
  id: profiles.id,
  name: profiles.name,
  birthdate: profiles.birthdate,
  country: profiles.country,
  region: profiles.region,
  kind: profiles.kind,
  fictional: profiles.fictional,
  // The cursor carries the exact stored timestamp (microseconds), not a JS Date (milliseconds).
  lastActiveAt: sql<string>`(${profiles.lastActiveAt})::text`,
  photoId: photos.id,
  photoKey: photos.storageKey,
  photoStatus: photos.status,
  photoWidth: photos.width,
  photoHeight: photos.height,
};

export type CardRow = {
  id: number;
  name: string;
  birthdate: string;
  country: string;
  region: string | null;
  kind: Profile["kind"];
  fictional: boolean;
  photoId: number | null;
  photoKey: string | null;
  photoStatus: "active" | "pending" | "rejected" | null;
  photoWidth: number | null;
  photoHeight: number | null;
};

/**
 * A card as its viewer sees it. Callers list only active profiles the viewer may see (not
 * blocked either way, notBlockedWith); the main photo's URLs are minted for that viewer only
 * while the photo is active (design §8: /media no longer checks).
 */
export function toProfileCard(
  row: CardRow,
  media: MediaSigner,
  regionName: RegionCatalogue["nameOf"],
  locale: Locale,
  today = new Date(),
): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: getAge(row.birthdate, today),
    country: row.country,
    region: row.region,
    region_name: row.region ? regionName(row.region, locale) : null,
    kind: row.kind,
    fictional: row.fictional,
    main_image:
      row.photoId !== null &&
      row.photoKey &&
      row.photoStatus === "active" &&
      row.photoWidth &&
      row.photoHeight
        ? toPhotoView(
            {
              id: row.photoId,
              storageKey: row.photoKey,
              status: row.photoStatus,
              width: row.photoWidth,
              height: row.photoHeight,
            },
            media,
          )
        : null,
  };
}

/**
 * Cards of the members each step's filters find, step after step until `limit` (the widening
 * lists: the swipe game's cards, similar search results), most recently active first within a
 * step, none of `exclude` and none twice.
 */
export async function findCardsInSteps(
  db: Database,
  steps: SQL[][],
  options: { limit: number; exclude?: number[]; media: MediaSigner; locale: Locale },
): Promise<ProfileCard[]> {
  const today = new Date();
  const exclude = [...(options.exclude ?? [])];
  const found: ProfileCard[] = [];
  const regions = await loadRegionCatalogue();
  for (const filters of steps) {
    if (found.length >= options.limit) break;
    const rows = await db
      .select(cardColumns)
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(and(...filters, exclude.length ? notInArray(profiles.id, exclude) : undefined))
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(options.limit - found.length);
    for (const row of rows) {
      exclude.push(row.id);
      found.push(toProfileCard(row, options.media, regions.nameOf, options.locale, today));
    }
  }
  return found;
}
