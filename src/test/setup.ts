import { resolve } from "node:path";
import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, inject, vi } from "vitest";
import { createDatabaseFromTemplate } from "./test-database";

// Every test file runs on its own database (design §11): an in-memory PGlite, or with
// DATABASE_URL (the API suite's second pass in CI) a database of its own on that PostgreSQL
// server. Both start as a copy of the one the run migrated (src/test/global-setup.ts); set here,
// before the test file is imported, since the settings are read once.
//
// A worker process runs many files one after another (vitest.config.ts, `isolate: false`): what
// this file changes is undone after it, below, so the next file starts as in a process of its own.
const environmentBefore = { ...process.env };
const prepared = inject("testDatabase");
if (process.env.DATABASE_URL) {
  if (prepared?.engine === "postgres") {
    process.env.DATABASE_URL = await createDatabaseFromTemplate(process.env.DATABASE_URL, prepared);
  }
} else {
  process.env.DATA_DIR = "memory://";
  if (prepared?.engine === "pglite") process.env.TEST_DATABASE_SNAPSHOT = prepared.snapshot;
}
process.env.NODE_ENV = "test";

// Opening a file's database (PGlite's start, and the migrations when there is no copy to start
// from) takes time on a busy machine: a file that uses it opens it before its first test, under
// the hook timeout, so no test's own time limit pays for it. A file whose code never reaches the
// database (a pure unit of server code) skips it: about 2 s of CPU a file (issue 26).
beforeAll(async () => {
  if (!usesDatabase()) return;
  const { getReadyDb } = await import("../server/startup");
  await getReadyDb();
});

/**
 * The OpenAPI descriptions of schemas (`.openapi()`) are kept in one registry of the process,
 * in @asteasolutions/zod-to-openapi, which holds every schema it describes: cleared after each
 * file, or a worker would keep every finished file's contract, and the tables and modules its
 * schemas reach (about 10 MB a file). Checked first to be the registry the app describes in,
 * so a second copy of the package (another version under @hono/zod-openapi) fails loudly.
 */
function forgetOpenApiDescriptions(): void {
  const probe = z.string().openapi({ description: "set-up probe" });
  if (!zodToOpenAPIRegistry.has(probe)) {
    throw new Error("@asteasolutions/zod-to-openapi: not the copy @hono/zod-openapi uses");
  }
  zodToOpenAPIRegistry.clear();
}

const DATABASE_CLIENT = resolve(import.meta.dirname, "../server/db/client.ts");

/**
 * Whether the test file's modules include the database client, by Vitest's registry of the
 * modules it evaluated for this file (Vite's `EvaluatedModules`). Where that registry cannot be
 * read, the answer is yes: the database is opened as before.
 */
function usesDatabase(): boolean {
  type Registry = { getModulesByFile?: (file: string) => Set<unknown> | undefined };
  const worker = (globalThis as { __vitest_worker__?: { evaluatedModules?: Registry } })
    .__vitest_worker__;
  const registry = worker?.evaluatedModules;
  if (typeof registry?.getModulesByFile !== "function") return true;
  return (registry.getModulesByFile(DATABASE_CLIENT)?.size ?? 0) > 0;
}

/**
 * After the file: its database closed (the PGlite thread ended, or the PostgreSQL pool), the
 * environment as it was before it, real timers, and every module it evaluated forgotten, so the
 * next file in this process evaluates its own (its own settings, caches and connection). What
 * carries over is the packages Node loaded natively (node_modules outside drizzle-orm): that
 * is the time saved, about 1.4 s of CPU a file.
 */
afterAll(async () => {
  forgetOpenApiDescriptions();
  if (usesDatabase()) {
    const { closeDb } = await import("../server/db/client");
    await closeDb();
  }
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) {
    if (!(name in environmentBefore)) delete process.env[name];
  }
  Object.assign(process.env, environmentBefore);
  vi.resetModules();
});
