import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { ProfileCard, ProfileDetail } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import { hasBlocked, notBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { loadRegionCatalogue } from "../geo/regions";
import { notFound } from "../lib/errors";
import { hasLiked } from "../likes/service";
import { notePremiumUse } from "../payments/premium-use";
import type { MediaSigner } from "../photos/media-url";
import { photos } from "../photos/schema";
import {
  orderGallery,
  photoAllowance,
  toGallery,
  toPhotoView,
  VIEWABLE_PHOTOS,
} from "../photos/service";
import { getAge } from "../profiles/age";
import { soughtGender } from "../profiles/preferences";
import { profiles } from "../profiles/schema";
import type { Viewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { cardColumns, toProfileCard } from "./card";

/**
 * A member's profile as a viewer may see it (spec §2 Profile view). Someone the member blocked
 * gets the same 404 as for a profile that does not exist (spec §6); photos past the viewer's
 * allowance are sent locked, as a blurred stand-in only (design §8). `media` mints the URLs for
 * this same viewer: these rules are all that decides which photos they can open.
 */
export async function getProfileDetail(
  db: Database,
  profileId: number,
  viewer: Viewer | null,
  media: MediaSigner,
  locale: Locale = "en",
): Promise<ProfileDetail> {
  const isOwn = viewer?.profileId === profileId;
  const [profile] = await db
    .select()
    .from(profiles)
    .where(
      isOwn
        ? eq(profiles.id, profileId)
        : and(eq(profiles.id, profileId), eq(profiles.status, "active")),
    )
    .limit(1);
  if (!profile) throw notFound("error.profileUnavailable");
  const viewerProfileId = viewer?.profileId ?? null;
  if (viewerProfileId && !isOwn && (await hasBlocked(db, profile.id, viewerProfileId))) {
    throw notFound("error.profileUnavailable");
  }

  const photoRows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profile.id), eq(photos.status, "active")));
  const ordered = orderGallery(photoRows, profile.mainPhotoId);
  const gallery = toGallery(ordered, photoAllowance(viewer, profile.id), media);
  // Photos a free member would see locked, shown to a premium one: premium is used.
  if (viewer?.isPremium && !isOwn && ordered.length > VIEWABLE_PHOTOS.free) {
    await notePremiumUse(db, viewer.userId);
  }

  const relatedFilters = [
    eq(profiles.status, "active"),
    eq(profiles.invisible, false),
    eq(profiles.kind, "member"),
    eq(profiles.country, profile.country),
    ne(profiles.id, profile.id),
  ];
  // issue 13: 'You may also like' starts from the viewer's own preferences (whom they look
  // for); a visitor, or a viewer who looks for both, sees members like the one shown.
  const viewerSide =
    viewerProfileId && !isOwn
      ? (
          await db
            .select({ gender: profiles.gender, seeking: profiles.seeking })
            .from(profiles)
            .where(eq(profiles.id, viewerProfileId))
        )[0]
      : undefined;
  const relatedGender = (viewerSide && soughtGender(viewerSide)) ?? profile.gender;
  if (relatedGender) relatedFilters.push(eq(profiles.gender, relatedGender));
  if (viewerProfileId && !isOwn) {
    relatedFilters.push(ne(profiles.id, viewerProfileId));
    relatedFilters.push(notBlockedWith(viewerProfileId, profiles.id));
  }
  const [relatedRows, regions, liked, blocked] = await Promise.all([
    db
      .select(cardColumns)
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(and(...relatedFilters))
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(6),
    loadRegionCatalogue(),
    viewerProfileId && !isOwn ? hasLiked(db, viewerProfileId, profile.id) : false,
    viewerProfileId && !isOwn ? hasBlocked(db, viewerProfileId, profile.id) : false,
  ]);
  const main = ordered[0];

  return {
    id: profile.id,
    name: profile.name,
    age: getAge(profile.birthdate),
    gender: profile.gender,
    seeking: profile.seeking,
    country: profile.country,
    region: profile.region,
    region_name: profile.region ? regions.nameOf(profile.region, locale) : null,
    about: profile.about,
    interests: profile.interests,
    hair_color: profile.hairColor,
    eye_color: profile.eyeColor,
    body_type: profile.bodyType,
    height: profile.height,
    relationship_status: profile.relationshipStatus,
    kind: profile.kind,
    fictional: profile.fictional,
    main_image: main ? toPhotoView(main, media) : null,
    photos: gallery,
    locked_count: gallery.filter((photo) => "locked" in photo).length,
    related: relatedRows.map((row) => toProfileCard(row, media, regions.nameOf, locale)),
    is_own: isOwn,
    liked,
    blocked,
  };
}

/**
 * spec §1: the webcam partner section's 'cam' and 'resell' cards, shown with a profile when the
 * site's `member_resell` allows; empty otherwise.
 */
export async function findPartnerCards(
  db: Database,
  site: Site,
  viewer: Viewer | null,
  media: MediaSigner,
  locale: Locale,
  limit = 3,
): Promise<ProfileCard[]> {
  if (!site.memberResell) return [];
  const filters = [
    eq(profiles.status, "active"),
    eq(profiles.invisible, false),
    inArray(profiles.kind, ["cam", "resell"]),
  ];
  if (viewer?.profileId) filters.push(notBlockedWith(viewer.profileId, profiles.id));
  const [rows, regions] = await Promise.all([
    db
      .select(cardColumns)
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(and(...filters))
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(limit),
    loadRegionCatalogue(),
  ]);
  return rows.map((row) => toProfileCard(row, media, regions.nameOf, locale));
}
