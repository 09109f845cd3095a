import type { MailKind } from "../../contract/mail-options";
import type { MessageKey } from "../../i18n/catalogues";
import type { Locale } from "../../i18n/locales";
import type { MessageParams } from "../../i18n/translate";
import { escapeHtml } from "./html";
import { getTranslate } from "./i18n";
import type { MailMessage } from "./mail";

/** A transactional e-mail: a few sentences and one button, in the member's language. */
export type MailTemplate = {
  kind: MailKind;
  subject: MessageKey;
  body: MessageKey;
  button: MessageKey;
};

export const MAIL_TEMPLATES = {
  activation: {
    kind: "activation",
    subject: "mail.activation.subject",
    body: "mail.activation.body",
    button: "mail.activation.button",
  },
  signupExists: {
    kind: "signup_exists",
    subject: "mail.signupExists.subject",
    body: "mail.signupExists.body",
    button: "mail.signupExists.button",
  },
  passwordReset: {
    kind: "password_reset",
    subject: "mail.passwordReset.subject",
    body: "mail.passwordReset.body",
    button: "mail.passwordReset.button",
  },
  emailChange: {
    kind: "email_change",
    subject: "mail.emailChange.subject",
    body: "mail.emailChange.body",
    button: "mail.emailChange.button",
  },
  emailChangeExists: {
    kind: "email_change_exists",
    subject: "mail.emailChangeExists.subject",
    body: "mail.emailChangeExists.body",
    button: "mail.emailChangeExists.button",
  },
  like: {
    kind: "like",
    subject: "mail.like.subject",
    body: "mail.like.body",
    button: "mail.like.button",
  },
  match: {
    kind: "match",
    subject: "mail.match.subject",
    body: "mail.match.body",
    button: "mail.match.button",
  },
  newConversation: {
    kind: "new_conversation",
    subject: "mail.newConversation.subject",
    body: "mail.newConversation.body",
    button: "mail.newConversation.button",
  },
  newMessage: {
    kind: "new_message",
    subject: "mail.newMessage.subject",
    body: "mail.newMessage.body",
    button: "mail.newMessage.button",
  },
  unreadReminder: {
    kind: "unread_reminder",
    subject: "mail.unreadReminder.subject",
    body: "mail.unreadReminder.body",
    button: "mail.unreadReminder.button",
  },
  receipt: {
    kind: "receipt",
    subject: "mail.receipt.subject",
    body: "mail.receipt.body",
    button: "mail.receipt.button",
  },
  reactivation: {
    kind: "reactivation",
    subject: "mail.reactivation.subject",
    body: "mail.reactivation.body",
    button: "mail.reactivation.button",
  },
  photoRejected: {
    kind: "photo_rejected",
    subject: "mail.photoRejected.subject",
    body: "mail.photoRejected.body",
    button: "mail.photoRejected.button",
  },
  // issue 27 item 3: a moderator removed part of the member's profile (reports/resolve.ts).
  photoRemoved: {
    kind: "photo_removed",
    subject: "mail.photoRemoved.subject",
    body: "mail.photoRemoved.body",
    button: "mail.photoRemoved.button",
  },
  profileTextRemoved: {
    kind: "profile_text_removed",
    subject: "mail.profileTextRemoved.subject",
    body: "mail.profileTextRemoved.body",
    button: "mail.profileTextRemoved.button",
  },
  // design §13: staff's account actions, with their reason below the text.
  warning: {
    kind: "warning",
    subject: "mail.warning.subject",
    body: "mail.warning.body",
    button: "mail.warning.button",
  },
  suspension: {
    kind: "suspension",
    subject: "mail.suspension.subject",
    body: "mail.suspension.body",
    button: "mail.suspension.button",
  },
  ban: {
    kind: "ban",
    subject: "mail.ban.subject",
    body: "mail.ban.body",
    button: "mail.ban.button",
  },
} satisfies Record<string, MailTemplate>;

export type RenderMailOptions = {
  template: MailTemplate;
  locale: Locale;
  /** The sending site: its name is in every subject and heading. */
  site: { name: string };
  to: string;
  /** The member's name for the greeting, when known. */
  name?: string | null;
  /** The button's target, an absolute URL. */
  url: string;
  params?: MessageParams;
  headers?: Record<string, string>;
  /** Label and value rows after the text (a receipt's order, amount, seller), already translated. */
  details?: { label: string; value: string }[];
  /** Lines under the details in small print (a receipt's withdrawal note). */
  notes?: string[];
};

/** Renders an e-mail as plain text and as simple, inline-styled HTML that mail clients show. */
export function renderMail(options: RenderMailOptions): MailMessage {
  const t = getTranslate(options.locale);
  const params = { site: options.site.name, ...options.params };
  const subject = t(options.template.subject, params);
  const body = t(options.template.body, params);
  const button = t(options.template.button, params);
  const greeting = options.name ? t("mail.greeting", { name: options.name }) : null;
  const signature = t("mail.signature", params);
  const footer = t("mail.footer", params);
  const fallback = t("mail.buttonFallback");

  const details = options.details ?? [];
  const notes = options.notes ?? [];
  const detailText = details.map((row) => `${row.label}: ${row.value}`).join("\n");
  const text = [
    greeting,
    body,
    detailText,
    ...notes,
    `${button}: ${options.url}`,
    signature,
    "--",
    footer,
  ]
    .filter(Boolean)
    .join("\n\n");

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f5fa;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#221f30">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f5fa;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:14px;padding:32px">
<tr><td style="font-size:22px;font-weight:800;color:#d92662;padding-bottom:16px">${e(options.site.name)}</td></tr>
${greeting ? `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${e(greeting)}</td></tr>` : ""}
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${e(body)}</td></tr>
${details.length ? `<tr><td style="padding-bottom:24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;line-height:1.5;border-top:1px solid #e4e0ee">${details.map((row) => `<tr><td style="padding:6px 12px 6px 0;color:#625d75;vertical-align:top;border-bottom:1px solid #e4e0ee">${e(row.label)}</td><td style="padding:6px 0;text-align:right;border-bottom:1px solid #e4e0ee">${e(row.value)}</td></tr>`).join("")}</table></td></tr>` : ""}
${notes.map((note) => `<tr><td style="font-size:13px;line-height:1.5;color:#625d75;padding-bottom:16px">${e(note)}</td></tr>`).join("\n")}
<tr><td style="padding-bottom:24px"><a href="${e(options.url)}" style="display:inline-block;background:#d92662;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 24px;border-radius:999px">${e(button)}</a></td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#625d75;padding-bottom:24px">${e(fallback)}<br><a href="${e(options.url)}" style="color:#5a4bd1;word-break:break-all">${e(options.url)}</a></td></tr>
<tr><td style="font-size:16px;line-height:1.5">${e(signature)}</td></tr>
</table>
<p style="max-width:560px;font-size:12px;line-height:1.5;color:#625d75;margin:16px auto 0">${e(footer)}</p>
</td></tr></table>
</body></html>`;

  return {
    kind: options.template.kind,
    to: options.to,
    subject,
    text,
    html,
    headers: options.headers,
  };
}
