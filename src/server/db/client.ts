import { resolve } from "node:path";
import type { ExtractTablesWithRelations, Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { getEnv } from "../lib/env";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

export type Connection = {
  db: Database;
  close: () => Promise<void>;
  engine: "pglite" | "postgres";
};

const queryObservers = new Set<(query: string) => void>();

/** Drizzle calls its logger once for each statement it sends to either driver. */
const queryLogger: Logger = {
  logQuery(query) {
    for (const observe of queryObservers) observe(query);
  },
};

/**
 * Calls `observe` with the SQL of every statement the database is sent until the returned
 * function is called. Only tests use it, to count a request's statements (ARCHITECTURE.md, the
 * hot path); without an observer a statement costs one loop over an empty set, as drizzle calls
 * its default no-op logger for every statement anyway.
 *
 * @example const stop = observeQueries((sql) => statements.push(sql)); …; stop();
 */
export function observeQueries(observe: (query: string) => void): () => void {
  queryObservers.add(observe);
  return () => queryObservers.delete(observe);
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<Connection> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dataDir.startsWith("memory://");
  // design §10: one process owns a PGlite data directory; a second one stops here.
  const release = inMemory ? async () => {} : await lockDataDir(dataDir);
  try {
    const client = new PGlite(inMemory ? dataDir : resolve(dataDir, "pglite"));
    const db = drizzle({ client, schema, logger: queryLogger });
    await migrate(db, { migrationsFolder });
    const close = async () => {
      await client.close();
      await release();
    };
    return { db, close, engine: "pglite" };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number, migrationsFolder: string) {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle({ client: pool, schema, logger: queryLogger });
  await migrate(db, { migrationsFolder });
  return { db, close: () => pool.end(), engine: "postgres" } satisfies Connection;
}

let connection: Promise<Connection> | undefined;

/**
 * The process-wide database, opened on first use with migrations applied (design §2):
 * PostgreSQL through a pg pool when DATABASE_URL is set, else PGlite in DATA_DIR. It knows no
 * feature: a process's start-up work on the data is src/server/startup.ts's.
 */
export function getConnection(): Promise<Connection> {
  if (!connection) {
    const env = getEnv();
    const migrationsFolder = resolve(env.MIGRATIONS_DIR);
    connection = (
      env.DATABASE_URL
        ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE, migrationsFolder)
        : openPglite(env.DATA_DIR, migrationsFolder)
    ).catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
  }
  return connection;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

export async function closeDb(): Promise<void> {
  if (!connection) return;
  const open = await connection;
  connection = undefined;
  await open.close();
}
