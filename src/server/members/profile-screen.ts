import type { ProfileCard, ProfileDetail } from "../../contract/profiles";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { markLikeSeen } from "../likes/service";
import type { MediaSigner } from "../photos/media-url";
import type { Viewer } from "../profiles/viewer";
import { isSpeculativeLoad } from "../request/speculative";
import type { Site } from "../sites/registry";
import { findPartnerCards, getProfileDetail } from "./service";

/**
 * What the profile screen shows (spec §2 Profile view): the profile and the partner cards, and
 * whether the page itself must say it was seen when it is shown (a page fetched ahead).
 */
export type ProfileScreen = {
  profile: ProfileDetail;
  partners: ProfileCard[];
  seenOnShow: boolean;
};

/**
 * The profile screen of /members/{id} and /likes/m/{id} as the viewer may see it, or null when
 * the profile does not exist, is disabled, or its member blocked the viewer (spec §6: the same
 * 404 for all three). Opening it clears that member's new like (spec §4); a page the browser
 * fetches ahead clears nothing: the page does, when it is shown (issue 29 item 3).
 *
 * Pages call this in their own frontmatter, before anything renders: once a component runs,
 * the page has begun streaming and can no longer become a 404.
 */
export async function findProfileScreen(
  db: Database,
  profileId: number,
  visitor: { viewer: Viewer | null; site: Site; locale: Locale; media: MediaSigner },
  /** The page request's headers: a page fetched ahead clears no like (isSpeculativeLoad). */
  headers: Headers,
): Promise<ProfileScreen | null> {
  const { viewer } = visitor;
  const speculative = isSpeculativeLoad(headers);
  let profile: ProfileDetail;
  try {
    profile = await getProfileDetail(db, profileId, viewer, visitor.media, visitor.locale);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const opensLike = Boolean(viewer?.profileId) && !profile.is_own;
  if (opensLike && viewer?.profileId && !speculative) {
    await markLikeSeen(db, profile.id, viewer.profileId);
  }
  const partners = profile.is_own
    ? []
    : await findPartnerCards(db, visitor.site, viewer, visitor.media, visitor.locale);
  return { profile, partners, seenOnShow: opensLike && speculative };
}
