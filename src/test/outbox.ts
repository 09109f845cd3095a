import { desc, eq } from "drizzle-orm";
import { mailOutbox, type OutboxMail } from "../server/lib/mail-schema";
import { getReadyDb } from "../server/startup";

/** The e-mails sent to an address, newest first. */
export async function findMailsTo(to: string): Promise<OutboxMail[]> {
  const db = await getReadyDb();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** The first link in a mail's text that points at `path`. */
export function findLink(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path.replaceAll("?", "\\?")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail ${mail.kind}`);
  return match[0];
}
