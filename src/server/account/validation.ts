import { z } from "@hono/zod-openapi";
import { notificationCategories } from "../../contract/account-options";

export const settingsUpdateBody = z
  .object({
    notifications_disabled: z.array(z.enum(notificationCategories)).max(20).optional(),
    invisible: z.boolean().optional(),
    email_enabled: z.literal(true).optional(),
  })
  .openapi("SettingsUpdate");

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

export const emailChangeBody = z.object({ email: z.email().max(254) }).openapi("EmailChange");
