import { beforeAll, expect } from "vitest";

// Every test file runs on its own in-memory PGlite database unless DATABASE_URL points the API
// suite at a real PostgreSQL server (design §11: both engines are proven).
if (!process.env.DATABASE_URL) process.env.DATA_DIR = "memory://";
process.env.NODE_ENV = "test";

// Opening a file's database (PGlite's start and the migrations) takes seconds on a busy machine:
// the server suites do it before their first test, under the hook timeout, so no test's own time
// limit pays for it.
beforeAll(async () => {
  const path = expect.getState().testPath ?? "";
  if (!/[\\/]src[\\/](server|pages)[\\/]/.test(path)) return;
  const { getReadyDb } = await import("../server/startup");
  await getReadyDb();
});
