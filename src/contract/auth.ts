import { z } from "@hono/zod-openapi";
import { locales } from "../i18n/locales";
import { idSchema, textSchema } from "./fields";

/**
 * The bodies of login, signup, activation and password reset (spec §3, §5): the answers are
 * UserResponse (users.ts) and CheckMailAnswer (common.ts).
 */

/** POST /api/user.php (login), and /api/reactivate.php with the same two fields. */
export const loginBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(128),
  })
  .openapi("LoginBody");
export type LoginBody = z.input<typeof loginBody>;

/** PUT /api/user.php: the member's language. */
export const updateUserBody = z
  .object({
    language: z.enum(locales, { message: "validation.locale" }),
  })
  .openapi("UpdateUserBody");
export type UpdateUserBody = z.input<typeof updateUserBody>;

/**
 * Letters of any script, digits, spaces, dots, hyphens, underscores, and @ after the start (so
 * that a username copied from the e-mail address gets the spec's "may not be your e-mail
 * address" message rather than a character complaint).
 */
const NAME_CHARACTERS = /^[\p{L}\p{N} ._@-]+$/u;

/** POST /api/signup.php: spec §3 Signup form draft and the rules of spec §5. */
export const signupBody = z
  .object({
    email: z.email().max(254),
    name: textSchema()
      .trim()
      .min(2)
      .max(30)
      // Checked before the character rule, so '@name' gets the spec's own message.
      .refine((name) => !name.startsWith("@"), "signup.error.nameAt")
      .regex(NAME_CHARACTERS, "signup.error.nameChars"),
    password: z.string().min(8).max(128),
    date_of_birth: z.iso.date("signup.error.dateOfBirth"),
    signup_message: textSchema({ multiline: true }).trim().max(2000).optional(),
    /** The profile whose landing the visitor signed up from (/members/{id}/signup). */
    signup_message_to: idSchema.optional(),
    /**
     * The language of the page the visitor signed up on (issue 29 item 1): the member's
     * language, and the activation mail's; the request's locale when left out.
     */
    language: z.enum(locales, { message: "validation.locale" }).optional(),
  })
  .refine((body) => body.name.toLowerCase() !== body.email.toLowerCase(), {
    path: ["name"],
    message: "signup.error.nameIsEmail",
  })
  .openapi("SignupBody");
export type SignupBody = z.input<typeof signupBody>;

/** POST /api/activation.php: send the activation link again. */
export const resendActivationBody = z
  .object({ email: z.email().max(254) })
  .openapi("ResendActivation");
export type ResendActivationBody = z.input<typeof resendActivationBody>;

/** POST /api/password-reset.php: send a reset link. */
export const passwordResetRequestBody = z
  .object({ email: z.email().max(254) })
  .openapi("PasswordResetRequest");
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

/** PUT /api/password-reset.php: the link's token and the new password. */
export const passwordResetBody = z
  .object({
    token: z.string().min(10).max(100),
    password: z.string().min(8).max(128),
    password_repeat: z.string(),
  })
  .refine((body) => body.password === body.password_repeat, {
    path: ["password_repeat"],
    message: "reset.do.mismatch",
  })
  .openapi("PasswordReset");
export type PasswordResetBody = z.input<typeof passwordResetBody>;
