import { eq } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { consumeRateLimit } from "../lib/rate-limit";
import { findProfileName } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { type User, users } from "../users/schema";
import { findUserByEmail } from "../users/service";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password";
import { invalidateUserSessions } from "./session";
import { consumeAccountToken, createAccountToken } from "./tokens";

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * spec §2 /reset-password: e-mails a single-use link to set a new password. The answer is the same
 * whether or not the address has an account (design §10); the daily limit counts the address
 * typed, so it reveals nothing either.
 */
export async function requestPasswordReset(
  db: Database,
  site: Site,
  email: string,
  context: { locale: Locale; origin: string },
): Promise<void> {
  const address = email.trim().toLowerCase();
  const limit = await consumeRateLimit(db, "passwordReset", address);
  if (!limit.allowed) throw new ApiError(429, "reset_limit", "reset.tooMany");

  const user = await findUserByEmail(db, address);
  if (!user?.passwordHash) return;
  const token = await createAccountToken(db, user.id, "password_reset", RESET_TTL_MS);
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.passwordReset,
      locale: (user.language as Locale | null) ?? context.locale,
      site,
      to: user.email,
      name: await findProfileName(db, user.id),
      url: `${context.origin}/reset-password/do?token=${encodeURIComponent(token)}`,
    }),
  );
}

/**
 * spec §2 /reset-password/do: sets the new password with a link's token and ends every session
 * of the member (design §10); the caller starts a new one.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
): Promise<User> {
  if (isCommonPassword(input.password)) {
    throw new ValidationError({ password: { key: "signup.error.passwordCommon" } });
  }
  const passwordHash = await hashPassword(input.password);
  const row = await consumeAccountToken(db, input.token, "password_reset");
  if (!row) throw new ApiError(400, "link_invalid", "reset.do.invalid");
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, row.userId))
    .returning();
  if (!user) throw new ApiError(400, "link_invalid", "reset.do.invalid");
  await invalidateUserSessions(db, user.id);
  return user;
}
