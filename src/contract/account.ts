import { z } from "@hono/zod-openapi";
import { notificationCategories } from "./account-options";

/**
 * The bodies of the account's settings (spec §2 Settings): the answers are MemberSettings and
 * PendingDeletionAnswer (users.ts), OkAnswer and CheckMailAnswer (common.ts).
 */

/** PUT /api/notifications.php: notification opt-outs, invisible mode, e-mail turned back on. */
export const settingsUpdateBody = z
  .object({
    notifications_disabled: z.array(z.enum(notificationCategories)).max(20).optional(),
    invisible: z.boolean().optional(),
    email_enabled: z.literal(true).optional(),
  })
  .openapi("SettingsUpdate");
export type SettingsUpdateBody = z.input<typeof settingsUpdateBody>;

/** PUT /api/password.php. */
export const passwordChangeBody = z
  .object({
    old_password: z.string().min(1).max(128),
    password: z.string().min(8).max(128),
    password_repeat: z.string(),
  })
  .refine((body) => body.password === body.password_repeat, {
    path: ["password_repeat"],
    message: "reset.do.mismatch",
  })
  .openapi("PasswordChange");
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;

/** POST /api/mail-change.php: the new address, which gets a confirmation link. */
export const emailChangeBody = z.object({ email: z.email().max(254) }).openapi("EmailChange");
export type EmailChangeBody = z.input<typeof emailChangeBody>;

/** POST /api/account-delete.php: the password, asked again. */
export const accountDeleteBody = z.object({ password: z.string().min(1).max(128) });
export type AccountDeleteBody = z.input<typeof accountDeleteBody>;
