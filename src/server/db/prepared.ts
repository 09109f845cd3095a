import { type Placeholder, type Query, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/** Drizzle's SQL building, as the database's own dialect does it (no casing rules here). */
const dialect = new PgDialect();

/** A statement's values as placeholders, for the builders to put where the values go. */
export type Placeholders<Values> = { [Name in keyof Values]: Values[Name] };

/**
 * A raw statement of one shape on a hot path, built once: Drizzle turns its builders into SQL
 * text on every call (about half a millisecond of main thread for the member shell's badges,
 * issue 30 item 1), while the text never changes, only the values. The first call builds it
 * with placeholders (`sql.placeholder`, typed as the values they stand for, so the same
 * builders serve); every call sends it as a named prepared statement, which each connection
 * parses and plans once. `name` is unique to the shape (PostgreSQL keeps it per connection).
 *
 * @example
 * const count = preparedRows<{ n: number }, { userId: number }>("unread", (db, v) =>
 *   sql`select count(*) as n from messages where user_id = ${v.userId}`);
 * await count(db, { userId: 7 });
 */
export function preparedRows<Row, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Database, values: Placeholders<Values>) => SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values) => {
    if (query === undefined) {
      const placeholders = Object.fromEntries(
        Object.keys(values).map((key) => [key, sql.placeholder(key)]),
      ) as Record<string, Placeholder>;
      query = dialect.sqlToQuery(build(db, placeholders as Placeholders<Values>));
    }
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    const result = (await prepared.execute(values)) as unknown as { rows: Row[] };
    return result.rows;
  };
}
