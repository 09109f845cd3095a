import { fileURLToPath } from "node:url";
import { beforeAll, inject } from "vitest";
import { createDatabaseFromTemplate } from "./test-database";

// Every test file runs on its own database (design §11): an in-memory PGlite, or with
// DATABASE_URL (the API suite's second pass in CI) a database of its own on that PostgreSQL
// server. Both start as a copy of the one the run migrated (src/test/global-setup.ts); set here,
// before the test file is imported, since the settings are read once.
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

const DATABASE_CLIENT = fileURLToPath(new URL("../server/db/client.ts", import.meta.url));

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
