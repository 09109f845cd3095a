/** The account's enumerations (spec §3, §4), plain values for islands and the server alike. */

/** spec §3 User.status: e-mail confirmation state. */
export const USER_STATUSES = ["not_confirmed", "confirmed"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** spec §3 Notification categories. */
export const notificationCategories = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** spec §4: why e-mail to a member stopped (spam complaint, bounce, list-unsubscribe). */
export const EMAIL_DISABLED_REASONS = ["fbl", "bounce", "listunsubscribe"] as const;
export type EmailDisabledReason = (typeof EMAIL_DISABLED_REASONS)[number];

/** spec §3 Tracking data: the traffic source's parameters captured from the landing URL. */
export const TRACKING_FIELDS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];

/**
 * design §13: a staff sanction on an account. While one holds, the member cannot log in and
 * others see them nowhere (as a deleted member in chats); a suspension ends by itself.
 */
export const MEMBER_SANCTIONS = ["suspended", "banned"] as const;
export type MemberSanction = (typeof MEMBER_SANCTIONS)[number];
