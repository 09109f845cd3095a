import { beforeAll, expect, inject } from "vitest";
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
// from) takes time on a busy machine: the server suites do it before their first test, under the
// hook timeout, so no test's own time limit pays for it.
beforeAll(async () => {
  const path = expect.getState().testPath ?? "";
  if (!/[\\/]src[\\/](server|pages)[\\/]/.test(path)) return;
  const { getReadyDb } = await import("../server/startup");
  await getReadyDb();
});
