import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll } from "vitest";

/**
 * On PostgreSQL (DATABASE_URL, as `.ci/run` repeats the API suite) several app processes share
 * one database; the embedded one has a single process, so cross-process tests skip without it.
 */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A second app process (src/test/serve-api.ts) on the same database for a file's tests: started
 * before them, stopped after. This test process is the first.
 * @example const second = startSecondProcess(); … fetch(`${second.origin}/api/events.php`)
 */
export function startSecondProcess(): { readonly origin: string } {
  const handle = { origin: "" };
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    if (!onPostgres) return;
    child = spawn(process.execPath, ["--import", "tsx", "src/test/serve-api.ts"], {
      env: { ...process.env, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [chunk] = (await once(child.stdout as NonNullable<typeof child.stdout>, "data")) as [
      Buffer,
    ];
    handle.origin = `http://localhost:${Number(chunk.toString().trim())}`;
  }, 60_000);
  afterAll(async () => {
    if (!child) return;
    child.kill("SIGTERM");
    await once(child, "exit");
  });
  return handle;
}
