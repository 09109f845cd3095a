/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries): issue 14. */

/** spec §1: every payment method the product names, in the spec's spelling. */
export const PAYMENT_METHODS = [
  "sdd",
  "prezelewy24",
  "blik",
  "sct",
  "giropay",
  "mastercard",
  "visa",
  "creditcard",
  "dankort",
  "mobilepay",
  "swish",
  "twint",
  "satispay",
  "vipps",
  "cartebancaire",
  "nexi",
  "ideal",
  "bancontact",
  "applepay",
  "paysafecard",
  "maestro",
  "paypal",
  "sofort",
  "eps",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The currencies of the sites' countries (issue 14). */
export const CURRENCIES = ["EUR", "GBP", "DKK", "SEK", "NOK", "PLN"] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * spec §4 Payment: an order's states. `loading` is the client's while it asks; an order is
 * created `open` (not yet handed to the provider's checkout), then follows the provider.
 * `refunded` is a completed order withdrawn within the refund period (spec §3 refund_days), or
 * refunded in full by the provider; `charged_back` one whose payment the member's bank took back.
 */
export const ORDER_STATES = [
  "open",
  "pending",
  "completed",
  "failed",
  "cancelled",
  "refunded",
  "charged_back",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * States an order never leaves except by money going back (completed → refunded, completed or
 * refunded → charged_back): the provider's payment is no longer asked about.
 */
export const FINAL_ORDER_STATES: readonly OrderState[] = [
  "completed",
  "failed",
  "cancelled",
  "refunded",
  "charged_back",
];

/** spec §2, §9: the time bonus: 25 % for the first four hours after signup, once. */
export const TIME_BONUS = { code: "TIMEBONUS25", percent: 25, seconds: 14_400 } as const;
/** spec §1: the welcome discount of a new unpaid member, for the first week. */
export const WELCOME_DISCOUNT = { code: "WELCOME25", percent: 25, days: 7 } as const;

/** The outcomes the sandbox's checkout page offers (design §9). */
export const SANDBOX_OUTCOMES = ["paid", "pending", "failed", "canceled"] as const;

/**
 * The price after a discount, in minor units, rounded to the nearest: the order's amount, and
 * every price a page shows with the discount (one rule, so they never differ by a cent).
 */
export function discounted(amount: number, percent: number): number {
  return Math.round((amount * (100 - percent)) / 100);
}
