/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/**
 * What an e-mail in the outbox is (mail_outbox.kind): one per template in
 * src/server/lib/mail-templates.ts, and the content complaint sent to the operator. Member
 * support sees them by name (`staff.console.code.mailKind.<kind>`).
 */
export const MAIL_KINDS = [
  "activation",
  "signup_exists",
  "password_reset",
  "email_change",
  "email_change_exists",
  "like",
  "match",
  "new_conversation",
  "new_message",
  "unread_reminder",
  "receipt",
  "reactivation",
  "photo_rejected",
  "photo_removed",
  "profile_text_removed",
  "warning",
  "suspension",
  "ban",
  "complaint",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where an outbox mail is: waiting for delivery, handed to SMTP, or its last attempt failed. */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
