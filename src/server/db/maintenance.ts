import { sql } from "drizzle-orm";
import { type Database, getConnection } from "./client";

/**
 * PGlite runs no autovacuum: without this, every update (a member's activity, once a minute)
 * leaves a dead row version behind for good, and member search reads them all (bench: twice
 * the rows after a bulk update). Once a day (job "db.vacuum"), the embedded database's dead
 * versions are reclaimed and its statistics refreshed. PostgreSQL's autovacuum does this itself.
 * Answers whether it ran.
 */
export async function vacuumEmbedded(db: Database): Promise<boolean> {
  if ((await getConnection()).engine !== "pglite") return false;
  await db.execute(sql`vacuum (analyze)`);
  return true;
}
