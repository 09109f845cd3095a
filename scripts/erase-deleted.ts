/**
 * `npm run erase-deleted`: erases accounts pending deletion for more than 14 days (spec §1) now,
 * as the hourly job does. It goes through the queue (design §10a), so a server running an
 * erasure at this moment is not joined by a second one on the same job.
 */

import { eraseExpiredAccounts } from "../src/server/account/deletion";
import { erasureJob } from "../src/server/account/jobs";
import { closeDb } from "../src/server/db/client";
import { exitIfDataDirLocked } from "../src/server/db/data-dir-lock";
import { runDueJobs } from "../src/server/jobs/runner";
import { enqueueJob } from "../src/server/jobs/service";
import { getReadyDb } from "../src/server/startup";

const db = await exitIfDataDirLocked(getReadyDb);
let erased = 0;
await enqueueJob(db, erasureJob, {}, { maxAttempts: 1 });
// The job's own definition, counting what it erased, and without its schedule.
const summary = await runDueJobs(db, [
  {
    ...erasureJob,
    everyMinutes: undefined,
    run: async (_, context) => {
      erased += await eraseExpiredAccounts(context.db, context.now);
    },
  },
]);
await closeDb();
if (summary.failed > 0) {
  console.error("The erasure failed; see the error above.");
  process.exit(1);
}
console.log(`Erased ${erased} account(s) pending deletion for more than 14 days.`);
