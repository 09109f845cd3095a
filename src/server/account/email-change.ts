import type { Locale } from "../../i18n/locales";
import { consumeAccountToken, createAccountToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { consumeRateLimit } from "../lib/rate-limit";
import type { Site } from "../sites/registry";
import { isEmailBanned } from "../users/banned-emails";
import type { User } from "../users/schema";
import { changeUserEmail, findUserByEmail } from "../users/service";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

async function isAddressTaken(db: Database, email: string, exceptUserId: number) {
  const owner = await findUserByEmail(db, email);
  return owner !== undefined && owner.id !== exceptUserId;
}

/**
 * spec §2 Settings: a new address takes effect only once its owner opens the link sent to it; until
 * then the old one stays. Only a confirmed member may ask (an unconfirmed account has proven no
 * address yet), a few times a day, and each address is mailed a few times a day at most.
 *
 * design §10: the answer never tells whether an address has an account. A taken address gets the
 * same answer as a free one, and its owner an e-mail saying someone wanted to use it (as signup
 * does), in place of the link; both paths write one mail, and the limits count both alike. This
 * deliberately replaces the spec's 'An account with this e-mail address already exists'.
 */
export async function requestEmailChange(
  db: Database,
  site: Site,
  user: User,
  newEmail: string,
  context: { locale: Locale; origin: string },
): Promise<void> {
  if (user.status !== "confirmed") {
    throw new ApiError(403, "email_unconfirmed", "settings.email.unconfirmed");
  }
  const email = newEmail.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw new ValidationError({ email: { key: "settings.email.same" } });
  }
  // design §13: a banned member's address cannot come back through another account.
  if (await isEmailBanned(db, email)) {
    throw new ApiError(403, "email_banned", "signup.error.emailBanned");
  }
  for (const [policy, subject] of [
    ["emailChange", String(user.id)],
    ["emailChangeAddress", email.toLowerCase()],
  ] as const) {
    const limit = await consumeRateLimit(db, policy, subject);
    if (!limit.allowed) {
      // No Retry-After: the client shows a 429 without one at once (the wait is up to a day).
      throw new ApiError(429, "rate_limited", "settings.email.tooMany");
    }
  }
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== user.id) {
    await sendMail(
      db,
      site,
      renderMail({
        template: MAIL_TEMPLATES.emailChangeExists,
        locale: (owner.language as Locale | null) ?? context.locale,
        site,
        to: owner.email,
        url: `${context.origin}/login`,
      }),
    );
    return;
  }
  const token = await createAccountToken(db, user.id, "email_change", EMAIL_CHANGE_TTL_MS, {
    email,
  });
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.emailChange,
      locale: context.locale,
      site,
      to: email,
      url: `${context.origin}/mail-change/do?token=${encodeURIComponent(token)}`,
    }),
  );
}

/** spec §2 /mail-change/do: the link from the new address. Null when the link is not valid. */
export async function confirmEmailChange(db: Database, token: string): Promise<string | null> {
  const row = await consumeAccountToken(db, token, "email_change");
  const email = row?.data?.email;
  if (!row || !email) return null;
  // Someone may have signed up with the address meanwhile.
  if (await isAddressTaken(db, email, row.userId)) return null;
  // Or it was banned meanwhile.
  if (await isEmailBanned(db, email)) return null;
  // The new address is proven: it is confirmed, whatever the old one's state was.
  await changeUserEmail(db, row.userId, email);
  return email;
}
