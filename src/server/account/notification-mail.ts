import type { NotificationCategory } from "../../contract/account-options";
import type { Locale } from "../../i18n/locales";
import type { MessageParams } from "../../i18n/translate";
import { createAccountToken, findAccountToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { sendMail } from "../lib/mail";
import { type MailTemplate, renderMail } from "../lib/mail-templates";
import type { Site } from "../sites/registry";
import type { User } from "../users/schema";
import { disableUserEmail } from "../users/service";

/** Unsubscribe links work for 90 days, and more than once. */
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Sends a notification e-mail of one category (spec §3), unless the member opted out of it or
 * e-mail to them is disabled (spec §4). It carries List-Unsubscribe with one-click POST (RFC 8058),
 * which really unsubscribes. Returns whether it was sent.
 */
export async function sendNotificationMail(
  db: Database,
  site: Site,
  user: User,
  options: {
    category: NotificationCategory;
    template: MailTemplate;
    url: string;
    origin: string;
    name?: string | null;
    params?: MessageParams;
  },
): Promise<boolean> {
  if (user.emailDisabledReason || user.notificationsDisabled.includes(options.category)) {
    return false;
  }
  const token = await createAccountToken(db, user.id, "unsubscribe", UNSUBSCRIBE_TTL_MS);
  const unsubscribe = `${options.origin}/api/unsubscribe.php?token=${encodeURIComponent(token)}`;
  await sendMail(
    db,
    site,
    renderMail({
      template: options.template,
      locale: (user.language as Locale | null) ?? "en",
      site,
      to: user.email,
      name: options.name ?? null,
      url: options.url,
      params: options.params,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    }),
  );
  return true;
}

/** The one-click unsubscribe of a notification e-mail: no more e-mail to the member. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  const row = await findAccountToken(db, token, "unsubscribe");
  if (!row) return false;
  await disableUserEmail(db, row.userId, "listunsubscribe");
  return true;
}
