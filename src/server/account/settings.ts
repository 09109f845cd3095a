import type { z } from "@hono/zod-openapi";
import type { settingsUpdateBody } from "../../contract/account";
import type { MemberSettings } from "../../contract/users";
import { isCommonPassword } from "../auth/common-passwords";
import { hashPassword, verifyPassword } from "../auth/password";
import { invalidateOtherSessions } from "../auth/session";
import type { Database } from "../db/client";
import { ValidationError } from "../lib/errors";
import { isProfileInvisible, setProfileInvisible } from "../profiles/activity";
import type { User } from "../users/schema";
import { setUserPassword, updateUserNotifications } from "../users/service";

/** The settings screen's state (spec §2 Settings, §3 Notification categories). */
export async function getMemberSettings(db: Database, user: User): Promise<MemberSettings> {
  return {
    email: user.email,
    invisible: await isProfileInvisible(db, user.id),
    notifications_disabled: user.notificationsDisabled,
    email_disabled_reason: user.emailDisabledReason ?? null,
  };
}

/** PUT /api/notifications.php; `email_enabled: true` sends e-mail again after a bounce. */
export type SettingsUpdate = z.infer<typeof settingsUpdateBody>;

export async function updateMemberSettings(
  db: Database,
  user: User,
  update: SettingsUpdate,
): Promise<MemberSettings> {
  const changes: Parameters<typeof updateUserNotifications>[2] = {};
  if (update.notifications_disabled) {
    changes.notificationsDisabled = [...new Set(update.notifications_disabled)];
  }
  if (update.email_enabled) changes.emailDisabledReason = null;
  let updated = user;
  if (Object.keys(changes).length) {
    updated = (await updateUserNotifications(db, user.id, changes)) ?? user;
  }
  if (update.invisible !== undefined) await setProfileInvisible(db, user.id, update.invisible);
  return getMemberSettings(db, updated);
}

/**
 * Changes the password (spec §5: the old one must be correct, the two new ones the same). Every
 * other session of the member ends (design §10); this one stays.
 */
export async function changePassword(
  db: Database,
  user: User,
  currentSessionId: string,
  input: { old_password: string; password: string },
): Promise<void> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new ValidationError({ old_password: { key: "settings.password.oldWrong" } });
  }
  if (isCommonPassword(input.password)) {
    throw new ValidationError({ password: { key: "signup.error.passwordCommon" } });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setUserPassword(tx, user.id, passwordHash);
    await invalidateOtherSessions(tx, user.id, currentSessionId);
  });
}
