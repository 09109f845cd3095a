import type { Database } from "../db/client";

/**
 * HOOK for the inbox of staff-run profiles (issue 28 item 1): the median time, in seconds, that
 * the conversations waiting in a site's queue have waited, from the inbox's own indexed queue.
 * Null until the inbox exists; the console shows "not available yet" for null.
 */
export async function inboxWaitingSeconds(_db: Database, _site: string): Promise<number | null> {
  return null;
}
