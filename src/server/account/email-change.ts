import { eq } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import { consumeAccountToken, createAccountToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { ValidationError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import type { Site } from "../sites/registry";
import { type User, users } from "../users/schema";
import { findUserByEmail } from "../users/service";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

async function isAddressTaken(db: Database, email: string, exceptUserId: number) {
  const owner = await findUserByEmail(db, email);
  return owner !== undefined && owner.id !== exceptUserId;
}

/**
 * spec §2 Settings: a new address takes effect only once its owner opens the link sent to it; until
 * then the old one stays. A taken address gets the spec's 'An account with this e-mail address
 * already exists' (the member is logged in, and the spec asks for the message).
 */
export async function requestEmailChange(
  db: Database,
  site: Site,
  user: User,
  newEmail: string,
  context: { locale: Locale; origin: string },
): Promise<void> {
  const email = newEmail.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw new ValidationError({ email: { key: "settings.email.same" } });
  }
  if (await isAddressTaken(db, email, user.id)) {
    throw new ValidationError({ email: { key: "settings.email.duplicate" } });
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
  // The new address is proven: it is confirmed, whatever the old one's state was.
  await db.update(users).set({ email, status: "confirmed" }).where(eq(users.id, row.userId));
  return email;
}
