import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import {
  createRunPrefix,
  dropRunDatabases,
  prepareDatabase,
  runOnServer,
  type TestDatabase,
  withDatabase,
} from "./test-database";

/*
 * Vitest's global set-up (issue 26): once per run (on PGlite, once per change of its inputs), a
 * database is migrated and prepared, and each test file starts from a copy of it
 * (src/test/setup.ts) instead of migrating its own: a dump of a PGlite data directory, or a
 * template database on the DATABASE_URL server.
 */

type Prepared = { database: TestDatabase; dispose: () => Promise<void> };

/** Where snapshots are kept between runs: beside the packages, as build tools keep theirs. */
const CACHE_DIR = join(process.cwd(), "node_modules", ".cache", "amora");

/**
 * What a PGlite snapshot is made from: the migrations, the preparing code (and this file, which
 * dumps it) and PGlite itself. The snapshot is kept between runs under this key, so a run whose
 * inputs did not change (most runs while writing tests) starts its files at once instead of
 * migrating for 10–15 s first. Every file still runs the start-up work on its copy
 * (src/test/setup.ts), as each process does.
 */
function snapshotKey(): string {
  const hash = createHash("sha256");
  const root = process.cwd();
  const migrations = readdirSync(join(root, "drizzle"), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(sql|json)$/.test(name))
    .sort()
    .map((name) => join("drizzle", name));
  const inputs = [
    ...migrations,
    "src/test/prepare-database.ts",
    "src/test/global-setup.ts",
    "src/server/startup.ts",
    "node_modules/@electric-sql/pglite/package.json",
  ];
  for (const file of inputs) hash.update(file).update(readFileSync(join(root, file)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * PGlite: prepared in a data directory on disk, dumped to a tar file each file loads; kept in
 * the cache under its inputs' key, and made afresh when they change.
 */
async function prepareSnapshot(): Promise<Prepared> {
  const key = snapshotKey();
  const snapshot = join(CACHE_DIR, `test-database-${key}.tar`);
  const kept = { database: { engine: "pglite" as const, snapshot }, dispose: async () => {} };
  if (existsSync(snapshot)) return kept;
  const dir = mkdtempSync(join(tmpdir(), "amora-test-db-"));
  try {
    await prepareDatabase({ DATA_DIR: join(dir, "data") });
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create(join(dir, "data", "pglite"));
    // The cluster's two template databases are half its files, and nothing here creates a
    // database: each file would load them for nothing (a quarter of its database's start).
    for (const template of ["template0", "template1"]) {
      await pglite.exec(`alter database ${template} is_template false`);
      await pglite.exec(`drop database ${template}`);
    }
    await pglite.exec("checkpoint");
    // Uncompressed: loading a tar is a quarter faster than a gzipped one.
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    // Older snapshots go; the new one is written aside and renamed, so a run starting at the
    // same moment never reads half a file.
    for (const old of readdirSync(CACHE_DIR).filter((name) => name.startsWith("test-database-"))) {
      rmSync(join(CACHE_DIR, old), { force: true });
    }
    const partial = `${snapshot}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshot);
    return kept;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: a template database of the run, each file's database created from it. */
async function prepareTemplate(url: string): Promise<Prepared> {
  const prefix = createRunPrefix(url);
  const template = `${prefix}_template`;
  const dispose = () => dropRunDatabases(url, prefix);
  try {
    await runOnServer(url, [`create database "${template}"`]);
    await prepareDatabase({ DATABASE_URL: withDatabase(url, template) });
    return { database: { engine: "postgres", template, prefix }, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Both Vitest projects (unit and astro) run this set-up: one prepared database serves both. */
const shared = Symbol.for("amora.testDatabase");
type Holder = { [shared]?: Promise<Prepared> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as Holder;
  const url = process.env.DATABASE_URL;
  holder[shared] ??= url ? prepareTemplate(url) : prepareSnapshot();
  const prepared = await holder[shared];
  project.provide("testDatabase", prepared.database);
  return async () => {
    if (holder[shared] === undefined) return;
    holder[shared] = undefined;
    await prepared.dispose();
  };
}
