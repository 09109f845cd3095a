import { z } from "@hono/zod-openapi";
import { locales } from "../../i18n/locales";
import { photoView } from "../lib/openapi";

export const loginBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(128),
  })
  .openapi("LoginBody");

export const updateUserBody = z
  .object({
    language: z.enum(locales, { message: "validation.locale" }),
  })
  .openapi("UpdateUserBody");

export const userView = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(["not_confirmed", "confirmed"]),
    credits: z.number().int(),
    paid_user: z.boolean(),
    signup_date: z.string(),
    language: z.enum(locales).nullable(),
    notifications_disabled: z.array(z.string()),
    profile: z
      .object({
        id: z.number().int(),
        name: z.string(),
        country: z.string(),
        status: z.enum(["active", "disabled"]),
        main_image: photoView.nullable(),
      })
      .nullable(),
  })
  .openapi("User");

export const userResponse = z.object({ user: userView }).openapi("UserResponse");
