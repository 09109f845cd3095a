import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { photos } from "../photos/schema";
import { type PhotoView, toPhotoView } from "../photos/service";
import { cardColumns, type ProfileCard, toProfileCard } from "../search/service";
import type { Site } from "../sites/registry";
import { getAge } from "./age";
import { type Profile, profiles } from "./schema";

/** A photo slot a viewer may not open: no URL is sent for it (design §8). */
export type LockedPhoto = { id: number; locked: true };

export type ProfileDetail = {
  id: number;
  name: string;
  age: number;
  gender: Profile["gender"];
  seeking: Profile["seeking"];
  country: string;
  region: string | null;
  about: string | null;
  interests: string[];
  kind: Profile["kind"];
  fictional: boolean;
  main_image: PhotoView | null;
  photos: (PhotoView | LockedPhoto)[];
  related: ProfileCard[];
};

export type ProfileViewer = { userId: number; profileId: number | null } | null;

/**
 * A member's profile as a viewer may see it. Logged-out visitors get the main photo only
 * (spec §6: login is required for viewing more photos).
 */
export async function getProfileDetail(
  db: Database,
  profileId: number,
  viewer: ProfileViewer,
  site: Site,
): Promise<ProfileDetail> {
  const [profile] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.status, "active")))
    .limit(1);
  if (!profile) throw notFound("error.profileUnavailable");

  const photoRows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profile.id), eq(photos.status, "active")))
    .orderBy(asc(photos.position), asc(photos.id));
  const main = photoRows.find((photo) => photo.id === profile.mainPhotoId) ?? photoRows[0];
  const ordered = main ? [main, ...photoRows.filter((photo) => photo.id !== main.id)] : [];
  const isOwn = viewer?.profileId === profile.id;

  const relatedFilters = [
    eq(profiles.status, "active"),
    eq(profiles.country, profile.country),
    ne(profiles.id, profile.id),
  ];
  if (profile.gender) relatedFilters.push(eq(profiles.gender, profile.gender));
  if (viewer?.profileId && !isOwn) relatedFilters.push(ne(profiles.id, viewer.profileId));
  const relatedRows = await db
    .select(cardColumns)
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(...relatedFilters))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(6);

  return {
    id: profile.id,
    name: profile.name,
    age: getAge(profile.birthdate),
    gender: profile.gender,
    seeking: profile.seeking,
    country: profile.country,
    region: profile.region,
    about: profile.about,
    interests: profile.interests,
    kind: profile.kind,
    fictional: profile.fictional,
    main_image: main ? toPhotoView(main, site.cdnPrefix) : null,
    photos: ordered.map((photo, index) =>
      viewer || index === 0 ? toPhotoView(photo, site.cdnPrefix) : { id: photo.id, locked: true },
    ),
    related: relatedRows.map((row) => toProfileCard(row, site)),
  };
}
