import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
 * Vitest's global set-up (issue 26): once per run, a database is migrated and prepared, and
 * each test file starts from a copy of it (src/test/setup.ts) instead of migrating its own: a
 * dump of a PGlite data directory, or a template database on the DATABASE_URL server.
 */

type Prepared = { database: TestDatabase; dispose: () => Promise<void> };

/** PGlite: prepared in a data directory on disk, dumped to a tar file each file loads. */
async function prepareSnapshot(): Promise<Prepared> {
  const dir = mkdtempSync(join(tmpdir(), "amora-test-db-"));
  const dispose = async () => rmSync(dir, { recursive: true, force: true });
  try {
    await prepareDatabase({ DATA_DIR: join(dir, "data") });
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create(join(dir, "data", "pglite"));
    // Uncompressed: loading a tar is a quarter faster than a gzipped one.
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    const snapshot = join(dir, "snapshot.tar");
    writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
    rmSync(join(dir, "data"), { recursive: true, force: true });
    return { database: { engine: "pglite", snapshot }, dispose };
  } catch (error) {
    await dispose();
    throw error;
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
