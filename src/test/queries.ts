import { observeQueries } from "../server/db/client";

/**
 * The SQL statements sent to the database while `run` runs, in order, as the driver is given
 * them (src/server/db/client.ts). Tests count a request's statements with it.
 */
export async function recordQueries(run: () => unknown): Promise<string[]> {
  const statements: string[] = [];
  const stop = observeQueries((query) => statements.push(query));
  try {
    await run();
  } finally {
    stop();
  }
  return statements;
}
