import { createApp } from "./app";
import { JOB_DEFINITIONS } from "./job-definitions";
import { startJobRunner } from "./jobs/runner";
import { getEnv } from "./lib/env";
import { getReadyDb } from "./startup";

/** The server closes the database on its way out (scripts/serve-build.ts). */
export { closeDb } from "./db/client";

/** The one app instance of this process; src/fetch.ts hands it /api and /media requests. */
export const app = createApp();

// design §10a: the job runner polls the queue: mail delivery, the hourly erasure of accounts
// deleted more than 14 days ago (spec §1) and the pruning schedules. Every process may run it;
// the queue hands each job to one of them. Tests call runDueJobs themselves.
const JOB_POLL_INTERVAL_MS = 5 * 1000;
if (getEnv().NODE_ENV !== "test") {
  startJobRunner(getReadyDb, JOB_DEFINITIONS, JOB_POLL_INTERVAL_MS);
}
