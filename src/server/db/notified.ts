import { type ChannelListener, type Database, getConnection, type ListenHandlers } from "./client";

/** What a process keeps in memory by a channel's notifications: told its listener once listening. */
export type Notified = { attach(listener: Pick<ChannelListener, "live">): void };

/**
 * A function giving the one `create()`d object of the process's database connection, hearing
 * `channel` from its first use (the session cache, the member search's listings); null for any
 * other database handle (a transaction), which reads without it, and when listening failed (the
 * next call tries again).
 */
export function perConnection<Kept extends Notified>(
  channel: string,
  create: () => Kept,
  handlers: (kept: Kept) => ListenHandlers,
): (db: Database) => Promise<Kept | null> {
  const made = new WeakMap<Database, Promise<Kept | null>>();
  return async (db) => {
    const connection = await getConnection();
    if (connection.db !== db) return null;
    let kept = made.get(db);
    if (!kept) {
      const created = create();
      kept = connection.listen(channel, handlers(created)).then(
        (listener) => {
          created.attach(listener);
          return created;
        },
        () => {
          made.delete(db);
          return null;
        },
      );
      made.set(db, kept);
    }
    return kept;
  };
}
