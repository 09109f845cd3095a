/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/** Why a balance changed (design §9): each ledger row names one. */
export const CREDIT_REASONS = [
  "signup_bonus",
  "message",
  "photo_message",
  "gift",
  "purchase",
  "refund",
  "chargeback",
  "correction",
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];
