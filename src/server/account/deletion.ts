import { and, eq, isNull, lt } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import { verifyPassword } from "../auth/password";
import { invalidateUserSessions } from "../auth/session";
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
import { deleteProfileOf, setProfileStatus } from "../profiles/lifecycle";
import { profiles } from "../profiles/schema";
import { removePushSubscriptionsOf } from "../push/service";
import type { Site } from "../sites/registry";
import { cancelDeletionRequest, eraseUser, markDeletionRequested } from "../users/deletion";
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
  // One transaction: a failure midway leaves the account as it was, not half deleted.
  await db.transaction(async (tx) => {
    await markDeletionRequested(tx, user.id, new Date());
    await setProfileStatus(tx, user.id, "disabled");
    await invalidateUserSessions(tx, user.id);
    // No more pushes to the member's browsers either; reactivated, a browser subscribes again.
    await removePushSubscriptionsOf(tx, user.id);
    const token = await createAccountToken(tx, user.id, "reactivation", REACTIVATION_MS);
    await sendMail(
      tx,
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
  });
}

/** Ends the pending deletion: the profile is shown again (if the address was confirmed). */
export async function reactivateAccount(db: Database, userId: number): Promise<User | null> {
  return db.transaction(async (tx) => {
    const user = await cancelDeletionRequest(tx, userId);
    if (!user) return null;
    // A sanction keeps the profile hidden; lifting it shows the profile again.
    if (user.status === "confirmed" && !user.sanction) {
      await setProfileStatus(tx, userId, "active");
    }
    return user;
  });
}

/** The e-mailed reactivation link: reactivates the account it was sent for. */
export async function reactivateWithToken(db: Database, token: string): Promise<User | null> {
  return db.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, "reactivation");
    return row ? reactivateAccount(tx, row.userId) : null;
  });
}

/**
 * The scheduled erasure (also `npm run erase-deleted`): accounts pending deletion for more than
 * 14 days lose their personal data — profile, photos (files too), e-mail, password, tracking,
 * the e-mails (and texts) the outboxes kept for them, their direct-debit mandates and the
 * rate-limit counters named after their address. One transaction per account: a failure midway
 * erases nothing of it (the next run tries again); the photo files go once it has committed.
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
  for (const account of due) await eraseAccount(db, account, now);
  return due.length;
}

/**
 * Erases one account's personal data at once (the scheduled erasure's step; issue 27: staff
 * erase on the member's request): every session ends, then what eraseExpiredAccounts describes.
 * `alsoInTransaction` runs in the erasure's transaction (the staff action's audit row), so both
 * commit or neither; the photo files go once it has committed.
 */
export async function eraseAccount(
  db: Database,
  account: { id: number; email: string },
  now = new Date(),
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<void> {
  const { id, email } = account;
  const photoRows = await db
    .select({ storageKey: photos.storageKey, blurKey: photos.blurKey })
    .from(photos)
    .innerJoin(profiles, eq(photos.profileId, profiles.id))
    .where(eq(profiles.userId, id));
  await db.transaction(async (tx) => {
    await invalidateUserSessions(tx, id);
    await deleteProfileOf(tx, id);
    await removePushSubscriptionsOf(tx, id);
    await eraseUser(tx, id, now);
    const phones = await eraseDirectDebitData(tx, id);
    // The address also lives on in what was sent to it and in counters named after it.
    await deleteOutboxMailsTo(tx, email);
    await deleteOutboxSmsTo(tx, phones);
    await deleteRateLimitsOf(tx, email.toLowerCase());
    await alsoInTransaction?.(tx);
  });
  await removeUnusedPhotoFiles(db, getStorage(), photoRows);
}
