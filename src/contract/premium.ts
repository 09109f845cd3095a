/**
 * What premium gives (spec §1, §9), in one place for the server's limits and the premium alert
 * that explains them (issue 13: one alert for every premium-only feature).
 */

/** spec §9: photos a member may have. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;

/** spec §9: likes a free member gives in the swipe game a day; premium has no limit. */
export const SWIPE_LIKES_PER_DAY = 4;

/** spec §1: premium members' higher chance of a match, as the product states it. */
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;

/** Where 'Get Premium' and the premium alert lead: what premium gives, and the packages. */
export const PREMIUM_PATH = "/premium";

/** The premium-only features, each with its own reason in the alert. */
export const PREMIUM_FEATURES = [
  "photos",
  "locked_photos",
  "conversations",
  "chat_images",
  "swipe",
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];
