import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * issue 28: the operators' inbox hears on this channel that a conversation with an operated
 * profile changed (a member wrote, an agent claimed or answered). A signal, not stored: an open
 * inbox hears it with the conversation's place (staff/inbox-stream.ts), a new one reads it
 * afresh.
 */
export const INBOX_CHANNEL = "staff_inbox";

/** Announces, at the commit of the caller's transaction, that a conversation's place changed. */
export async function notifyInbox(db: Database, conversationId: number): Promise<void> {
  await db.execute(
    sql`select pg_notify(${INBOX_CHANNEL}, ${JSON.stringify({ conversation: conversationId })})`,
  );
}
