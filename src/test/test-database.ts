import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/**
 * What the run's global set-up (src/test/global-setup.ts) hands each test file: a database that
 * is migrated already, for the file to copy (issue 26: migrating took each file 25–30 s).
 */
export type TestDatabase =
  /** PGlite: a dump of a migrated data directory, loaded into each file's `memory://` database. */
  | { engine: "pglite"; snapshot: string }
  /**
   * PostgreSQL: a migrated database on the DATABASE_URL server, which each file's own database
   * is created from; every database of the run starts with `prefix`.
   */
  | { engine: "postgres"; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** Unset when the global set-up did not run: each file then migrates its own database. */
    testDatabase?: TestDatabase;
  }
}

/**
 * What every process does to a database before it serves (the migrations and getReadyDb's
 * start-up work), in a process of its own on the database `env` names, as the app would.
 */
export async function prepareDatabase(env: Record<string, string>): Promise<void> {
  const { DATABASE_URL: _server, TEST_DATABASE_SNAPSHOT: _snapshot, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/test/prepare-database.ts"], {
    env: { ...inherited, NODE_ENV: "test", ...env },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`preparing the test database failed (exit ${code}):\n${errors}`);
}

/** `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** A name the run's databases start with: the DATABASE_URL database's name and a random part. */
export function createRunPrefix(url: string): string {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  const safe = base
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_")
    .slice(0, 30);
  return `${safe}_${randomBytes(3).toString("hex")}`;
}

/** Runs `statements` one by one on the server of `url`, connected to its own database. */
export async function runOnServer(url: string, statements: string[]): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database of the run, a copy of its template: a test file's own, isolated from the
 * other files running beside it. Returns its URL.
 */
export async function createDatabaseFromTemplate(
  url: string,
  { template, prefix }: { template: string; prefix: string },
): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await runOnServer(url, [`create database "${name}" template "${template}"`]);
  return withDatabase(url, name);
}

/** Drops every database of the run (its files' and its template), whoever is still connected. */
export async function dropRunDatabases(url: string, prefix: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select datname as name from pg_database where starts_with(datname, $1)",
      [`${prefix}_`],
    );
    for (const { name } of rows) await client.query(`drop database "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * A data directory on disk for a test that starts the app's database in another process (as
 * `npm start` does): on PGlite, the run's migrated snapshot unpacked into it, so that process
 * finds its migrations applied instead of creating a cluster and migrating it (10–15 s of CPU).
 * Without a snapshot (the PostgreSQL pass) the directory stays empty and the process migrates.
 */
export function seedDataDir(dataDir: string): string {
  const snapshot = process.env.TEST_DATABASE_SNAPSHOT;
  if (!snapshot) return dataDir;
  const pgdata = join(dataDir, "pglite");
  mkdirSync(pgdata, { recursive: true });
  execFileSync("tar", ["-xf", snapshot, "-C", pgdata]);
  return dataDir;
}
