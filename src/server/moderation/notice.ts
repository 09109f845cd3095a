import type { StrikeKind } from "../../contract/moderation";
import { type Locale, toLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { getSiteById } from "../sites/registry";
import type { User } from "../users/schema";
import { suspensionEndText } from "../users/service";

/** The member's language: theirs, else their site's. */
export function memberLocale(user: Pick<User, "language" | "siteId">): Locale {
  return toLocale(user.language) ?? toLocale(getSiteById(user.siteId).domainLanguage) ?? "en";
}

/** The ban page (spec: the access-ban page) in the member's language, site-relative. */
export function banPagePath(user: Pick<User, "language" | "siteId">): string {
  return `/${memberLocale(user)}/ban`;
}

const NOTICES = {
  warn: { template: MAIL_TEMPLATES.warning, page: "terms" },
  suspend: { template: MAIL_TEMPLATES.suspension, page: "ban" },
  ban: { template: MAIL_TEMPLATES.ban, page: "ban" },
} as const;

/**
 * design §13: the notice e-mail of a warning, suspension (with its end) or ban, in the member's
 * language, with staff's reason below the text; in the action's transaction (the outbox). A
 * lift sends none. Sent whatever the member's notification choices: it is about the account.
 */
export async function sendSanctionNotice(
  db: Database,
  user: User,
  kind: StrikeKind,
  reason: string,
  endsAt: Date | null,
): Promise<void> {
  if (kind === "lift") return;
  const notice = NOTICES[kind];
  const locale = memberLocale(user);
  const site = getSiteById(user.siteId);
  const t = getTranslate(locale);
  const until = endsAt ? suspensionEndText(endsAt, locale) : "";
  await sendMail(
    db,
    site,
    renderMail({
      template: notice.template,
      locale,
      site,
      to: user.email,
      url: `${site.origin}/${locale}/${notice.page}`,
      params: { until },
      details: [{ label: t("mail.sanction.reason"), value: reason }],
    }),
  );
}
