import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/client";
/** The site a mail is sent for: its sender name and address, and its id in the outbox. */
export type MailSite = { id: string; mailName: string; mailFrom: string };

import { getEnv } from "./env";
import { mailOutbox } from "./mail-schema";

export type MailMessage = {
  /** What the mail is, for the outbox and tests: "activation", "signup_exists", … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

let transport: Transporter | null | undefined;

/** The SMTP transport of SMTP_URL, or null when mail stays in the outbox (design §2). */
function getTransport(): Transporter | null {
  if (transport === undefined) {
    const url = getEnv().SMTP_URL;
    transport = url ? nodemailer.createTransport(url) : null;
  }
  return transport;
}

/**
 * Sends one e-mail from the site (its mail_name as the sender's name). It is written to the
 * outbox first, then handed to SMTP when configured. A failed delivery is recorded, not thrown:
 * the member's action (a signup, a reset request) has happened and must not be reported as failed.
 */
export async function sendMail(db: Database, site: MailSite, message: MailMessage): Promise<void> {
  const from = `"${site.mailName.replaceAll('"', "")}" <${site.mailFrom}>`;
  const headers = message.headers ?? {};
  const [row] = await db
    .insert(mailOutbox)
    .values({
      siteId: site.id,
      kind: message.kind,
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers,
    })
    .returning({ id: mailOutbox.id });
  const smtp = getTransport();
  if (!smtp || !row) return;
  try {
    await smtp.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers,
    });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    console.error(`mail ${row.id} (${message.kind}) not delivered:`, error);
    await db
      .update(mailOutbox)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(mailOutbox.id, row.id));
  }
}
