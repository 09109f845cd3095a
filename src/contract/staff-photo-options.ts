/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/**
 * issue 27 item 5: why a moderator rejects a photo. The member's notice names the reason in
 * their language (`photos.reason.<reason>`); the moderator's free-text note stays in the audit
 * log.
 */
export const PHOTO_REJECT_REASONS = [
  "nudity",
  "offensive",
  "no_person",
  "not_own_photo",
  "contact_details",
  "other",
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];
