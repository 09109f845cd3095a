import { and, eq, isNull, lt } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import { verifyPassword } from "../auth/password";
import { sessions } from "../auth/schema";
import { consumeAccountToken, createAccountToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { ValidationError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { deleteOutboxMailsTo } from "../lib/mail-outbox";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { deleteRateLimitsOf } from "../lib/rate-limit";
import { deleteOutboxSmsTo } from "../lib/sms";
import { getStorage } from "../lib/storage";
import { eraseDirectDebitData } from "../payments/direct-debit";
import { photos } from "../photos/schema";
import { removeUnusedPhotoFiles } from "../photos/service";
import { profiles } from "../profiles/schema";
import { pushSubscriptions } from "../push/schema";
import type { Site } from "../sites/registry";
import { type User, users } from "../users/schema";

/** spec §1, §9: a deleted account can be reactivated for 14 days. */
export const REACTIVATION_DAYS = 14;
const REACTIVATION_MS = REACTIVATION_DAYS * 24 * 60 * 60 * 1000;

/**
 * Deletes an account (spec §1, §4): it becomes pending deletion, the profile leaves search at
 * once, every session ends, and an e-mail carries a reactivation link valid for 14 days.
 */
export async function requestAccountDeletion(
  db: Database,
  site: Site,
  user: User,
  password: string,
  context: { locale: Locale; origin: string },
): Promise<void> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new ValidationError({ password: { key: "settings.password.oldWrong" } });
  }
  await db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, user.id));
  await db.update(profiles).set({ status: "disabled" }).where(eq(profiles.userId, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  // No more pushes to the member's browsers either; reactivated, a browser subscribes again.
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  const token = await createAccountToken(db, user.id, "reactivation", REACTIVATION_MS);
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.reactivation,
      locale: (user.language as Locale | null) ?? context.locale,
      site,
      to: user.email,
      url: `${context.origin}/api/reactivate.php?token=${encodeURIComponent(token)}`,
      params: { days: REACTIVATION_DAYS },
    }),
  );
}

/** Ends the pending deletion: the profile is shown again (if the address was confirmed). */
export async function reactivateAccount(db: Database, userId: number): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .returning();
  if (!user) return null;
  if (user.status === "confirmed") {
    await db.update(profiles).set({ status: "active" }).where(eq(profiles.userId, userId));
  }
  return user;
}

/** The e-mailed reactivation link: reactivates the account it was sent for. */
export async function reactivateWithToken(db: Database, token: string): Promise<User | null> {
  const row = await consumeAccountToken(db, token, "reactivation");
  return row ? reactivateAccount(db, row.userId) : null;
}

/**
 * The scheduled erasure (also `npm run erase-deleted`): accounts pending deletion for more than
 * 14 days lose their personal data — profile, photos (files too), e-mail, password, tracking,
 * the e-mails (and texts) the outboxes kept for them, their direct-debit mandates and the
 * rate-limit counters named after their address.
 * The user row stays, anonymous, so messages others received keep "a deleted member" as sender.
 */
export async function eraseExpiredAccounts(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        lt(users.deletionRequestedAt, new Date(now.getTime() - REACTIVATION_MS)),
        isNull(users.erasedAt),
      ),
    );
  const storage = getStorage();
  for (const { id, email } of due) {
    const photoRows = await db
      .select({ storageKey: photos.storageKey, blurKey: photos.blurKey })
      .from(photos)
      .innerJoin(profiles, eq(photos.profileId, profiles.id))
      .where(eq(profiles.userId, id));
    const phones = await db.transaction(async (tx) => {
      await tx.delete(profiles).where(eq(profiles.userId, id));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
      await tx
        .update(users)
        .set({
          email: `deleted-${id}@deleted.invalid`,
          passwordHash: null,
          tracking: null,
          signupMessage: null,
          signupMessageTo: null,
          language: null,
          erasedAt: now,
        })
        .where(eq(users.id, id));
      return eraseDirectDebitData(tx, id);
    });
    await removeUnusedPhotoFiles(db, storage, photoRows);
    // The address also lives on in what was sent to it and in counters named after it.
    await deleteOutboxMailsTo(db, email);
    await deleteOutboxSmsTo(db, phones);
    await deleteRateLimitsOf(db, email.toLowerCase());
  }
  return due.length;
}
