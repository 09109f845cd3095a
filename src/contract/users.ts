import { z } from "@hono/zod-openapi";
import { locales } from "../i18n/locales";
import {
  EMAIL_DISABLED_REASONS,
  notificationCategories,
  TRACKING_FIELDS,
  USER_STATUSES,
} from "./account-options";
import { MESSAGE_KINDS } from "./chat-options";
import { CREDIT_REASONS } from "./credit-options";
import { photoView } from "./photos";
import { PHOTO_STATUSES, PROFILE_STATUSES } from "./profile-options";
import { ownProfile } from "./profiles";

/** spec §3 User, as GET /api/user.php and the page shell give it to the client. */
export const userView = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(USER_STATUSES),
    credits: z.number().int(),
    paid_user: z.boolean(),
    signup_date: z.iso.datetime(),
    language: z.enum(locales).nullable(),
    notifications_disabled: z.array(z.enum(notificationCategories)),
    profile: z
      .object({
        id: z.number().int(),
        name: z.string(),
        country: z.string(),
        status: z.enum(PROFILE_STATUSES),
        main_image: photoView.nullable(),
        wizard_step: z
          .number()
          .int()
          .openapi({ description: "The profile wizard's next step; 5 once completed" }),
      })
      .nullable(),
  })
  .openapi("User");
export type UserView = z.infer<typeof userView>;

export const userResponse = z.object({ user: userView }).openapi("UserResponse");
export type UserResponse = z.infer<typeof userResponse>;

/** The settings screen's state (spec §2 Settings, §3 Notification categories). */
export const memberSettings = z
  .object({
    email: z.string(),
    invisible: z.boolean(),
    notifications_disabled: z.array(z.enum(notificationCategories)),
    email_disabled_reason: z.enum(EMAIL_DISABLED_REASONS).nullable(),
  })
  .openapi("MemberSettings");
export type MemberSettings = z.infer<typeof memberSettings>;

export const pendingDeletionAnswer = z
  .object({
    status: z.literal("pending_deletion"),
    days: z.number().int().openapi({ description: "Days left to reactivate the account" }),
  })
  .openapi("PendingDeletion");
export type PendingDeletionAnswer = z.infer<typeof pendingDeletionAnswer>;

/** Recorded by a feature still to come (payments): an empty list until then. */
const emptyUntilBuilt = z
  .tuple([])
  .openapi({ maxItems: 0, description: "Empty until the feature that records it exists" });

const relatedProfile = z.object({ profile_id: z.number().int(), created_at: z.iso.datetime() });

/**
 * Everything stored about a member, for download (GDPR art. 15 and 20). Messages and payments
 * are empty lists until their features exist.
 */
export const memberExport = z
  .object({
    exported_at: z.iso.datetime(),
    site: z.string(),
    account: z.object({
      email: z.string(),
      status: z.enum(USER_STATUSES),
      signup_date: z.iso.datetime(),
      language: z.string().nullable(),
      credits: z.number().int(),
      paid_user: z.boolean(),
      notifications_disabled: z.array(z.enum(notificationCategories)),
      email_disabled_reason: z.enum(EMAIL_DISABLED_REASONS).nullable(),
      tracking: z.partialRecord(z.enum(TRACKING_FIELDS), z.string()).nullable(),
      signup_message: z.string().nullable(),
      signup_message_to: z.number().int().nullable(),
    }),
    profile: ownProfile
      .extend({
        invisible: z.boolean(),
        status: z.enum(PROFILE_STATUSES),
        created_at: z.iso.datetime(),
      })
      .nullable(),
    photos: z.array(
      z.object({
        url: z.string().openapi({
          description:
            "The whole picture: a signed URL minted for the member, valid 60 to 70 minutes (download the file in that time)",
        }),
        position: z.number().int(),
        status: z.enum(PHOTO_STATUSES),
        uploaded_at: z.iso.datetime(),
      }),
    ),
    messages_sent: z.array(
      z.object({
        conversation: z.number().int(),
        kind: z.enum(MESSAGE_KINDS),
        text: z.string().nullable(),
        gift: z.string().nullable(),
        credits: z.number().int(),
        created_at: z.iso.datetime(),
      }),
    ),
    credit_history: z.array(
      z.object({
        delta: z.number().int(),
        balance_after: z.number().int(),
        reason: z.enum(CREDIT_REASONS),
        created_at: z.iso.datetime(),
      }),
    ),
    likes: z.array(relatedProfile),
    blocked_members: z.array(relatedProfile),
    gifts_sent: z.array(relatedProfile.extend({ gift: z.string(), credits: z.number().int() })),
    payments: emptyUntilBuilt,
  })
  .openapi("MemberExport");
export type MemberExport = z.infer<typeof memberExport>;
