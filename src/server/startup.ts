import { sql } from "drizzle-orm";
import { type Connection, type Database, getConnection } from "./db/client";
import { registerHooks } from "./hooks";
import { getEnv } from "./lib/env";
import { logOutage, outageOf } from "./lib/outage";
import { loadPushKeys } from "./lib/push";
import { loadMediaSigningKey } from "./photos/media-url";
import { createProviders, type Providers } from "./providers";
import { syncSites } from "./sites/service";
import { loadSiteSettings } from "./sites/settings-store";

/** A process's start-up work on a freshly opened database, before it serves anything. */
async function prepareDatabase(connection: Connection): Promise<Database> {
  const { db, engine, fromSnapshot } = connection;
  // Members reference their site: the registry's sites are written to the sites table.
  await syncSites(db);
  // Every reader of a site's settings is synchronous: the operators' changes are read into
  // memory here and kept current by NOTIFY (sites/settings-store.ts).
  await loadSiteSettings(connection);
  // Media URLs are signed and checked without the database (photos/media-url.ts): the key is
  // read once here and held in memory.
  await loadMediaSigningKey(db);
  // The site settings give browsers the VAPID public key without a query.
  await loadPushKeys(db);
  // PGlite runs no autovacuum, so the planner has no statistics unless we gather them; without
  // them member search scans the table instead of walking its index (bench: 48 ms vs 0.6 ms).
  // A test file's copy of the run's snapshot has them already (about 0.2 s a file saved).
  if (engine === "pglite" && !fromSnapshot) await analyzeUnlessDiskFull(db);
  return db;
}

/**
 * ANALYZE writes the statistics it gathers. On a full disk that write is refused, and the
 * process must still start: it serves reads (with the statistics of the last run) and refuses
 * writes clearly (503 storage_full) until there is room again.
 */
async function analyzeUnlessDiskFull(db: Database): Promise<void> {
  try {
    await db.execute(sql`analyze`);
  } catch (error) {
    if (outageOf(error) !== "storage_full") throw error;
    logOutage("storage_full", error);
  }
}

let prepared: { connection: Promise<Connection>; db: Promise<Database> } | undefined;

/**
 * The process's database with its start-up work done, once per opened connection. The request
 * pipelines, scripts and test set-up take the database here; the database client itself only
 * opens and migrates (it imports no feature). The features' hooks are registered first (once per
 * process, hooks.ts), so whatever writes through this database is followed by them.
 */
export function getReadyDb(): Promise<Database> {
  registerHooks();
  const connection = getConnection();
  if (prepared?.connection !== connection) {
    const db = connection.then(prepareDatabase).catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    prepared = { connection, db };
  }
  return prepared.db;
}

let providers: Providers | undefined;

/**
 * The providers of this process's settings (PAYMENT_PROVIDER, SMS_PROVIDER), made once: the
 * server hands them to its app and job runner (src/server/index.ts) and the page pipeline to its
 * pages (src/middleware.ts), so one Mollie client serves them all. Nothing swaps them: tests pass
 * their own to `createApp`, the runner (`bindJobProviders`) or a page's locals.
 */
export function getProviders(): Providers {
  providers ??= createProviders(getEnv());
  return providers;
}
