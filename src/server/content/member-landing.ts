import type { ProfileCard, ProfileDetail } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { getProfileDetail } from "../members/service";
import { createMediaSigner } from "../photos/media-url";
import { findMembers } from "../search/service";
import type { Site } from "../sites/registry";
import { type LanderSlug, landerSlugs } from "./pages";

/**
 * A member's public teaser for a landing page (spec §2 /members/{id}/landing and /signup): what
 * a logged-out visitor may see of the profile (the main photo only), or null when the profile
 * is not shown (unknown, disabled, pending deletion). Landings are for visitors (members are
 * sent to the profile), so the photo URLs are a visitor's.
 */
export async function findMemberTeaser(
  db: Database,
  profileId: number,
  site: Site,
  locale: Locale,
): Promise<ProfileDetail | null> {
  try {
    return await getProfileDetail(db, profileId, null, createMediaSigner(site, null), locale);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** @example toLanderSlug(["women"]) // "women"; toLanderSlug(["x"]) // undefined */
export function toLanderSlug(value: string | undefined): LanderSlug | undefined {
  return (landerSlugs as readonly string[]).includes(value ?? "")
    ? (value as LanderSlug)
    : undefined;
}

/**
 * Real members with a photo for /landing2 and /landing3: the slug picks who (women, men, over
 * 50), newest first, as the member search lists them (invisible members never appear), with a
 * visitor's photo URLs (members are sent to /members instead).
 */
export async function findLandingMembers(
  db: Database,
  site: Site,
  slug: LanderSlug | undefined,
  count: number,
  locale: Locale,
): Promise<ProfileCard[]> {
  const page = await findMembers(
    db,
    {
      ...(slug === "women" ? { gender: "female" as const } : {}),
      ...(slug === "men" ? { gender: "male" as const } : {}),
      ...(slug === "50plus" ? { min_age: 50 } : {}),
    },
    { media: createMediaSigner(site, null), locale, pageSize: count * 2 },
  );
  return page.profiles.filter((card) => card.main_image && card.kind === "member").slice(0, count);
}
