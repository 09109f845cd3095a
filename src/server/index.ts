import { createApp } from "./app";
import { closeDb as closeDatabase } from "./db/client";
import { JOB_DEFINITIONS } from "./job-definitions";
import { startJobRunner } from "./jobs/runner";
import { getEnv } from "./lib/env";
import { bindJobProviders } from "./providers";
import { startStaffControlSocket } from "./staff/control-socket";
import { getProviders, getReadyDb } from "./startup";

/** The one app instance of this process; src/fetch.ts hands it /api and /media requests. */
export const app = createApp({ providers: getProviders() });

// design §10a: the job runner polls the queue: mail delivery, the hourly erasure of accounts
// deleted more than 14 days ago (spec §1) and the pruning schedules. Every process may run it;
// the queue hands each job to one of them. Tests call runDueJobs themselves.
const JOB_POLL_INTERVAL_MS = 5 * 1000;
const stopJobRunner =
  getEnv().NODE_ENV === "test"
    ? async () => {}
    : startJobRunner(
        getReadyDb,
        bindJobProviders(JOB_DEFINITIONS, getProviders()),
        JOB_POLL_INTERVAL_MS,
      );

/**
 * Decision 0010: the process that owns the embedded database answers `npm run staff` through a
 * socket in its data directory, once it holds the directory (getReadyDb), so the command works
 * while the server runs. With PostgreSQL the command connects to it directly.
 */
const { DATABASE_URL, DATA_DIR, NODE_ENV } = getEnv();
const stopStaffSocket =
  DATABASE_URL || NODE_ENV === "test" || DATA_DIR.startsWith("memory://")
    ? Promise.resolve(async () => {})
    : getReadyDb().then(
        () => startStaffControlSocket(DATA_DIR, getReadyDb),
        () => async () => {},
      );
stopStaffSocket.catch((error: unknown) => {
  console.error("`npm run staff` cannot reach this server (staff socket):", error);
});

/**
 * The server closes the database on its way out (scripts/serve-build.ts): the staff socket and
 * the job runner first, waiting for the passes under way, so no job finds its pool gone.
 */
export async function closeDb(): Promise<void> {
  await (await stopStaffSocket.catch(() => async () => {}))();
  await stopJobRunner();
  await closeDatabase();
}
