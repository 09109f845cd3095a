import { getJobDefinition } from "../server/job-definitions";
import { type JobDefinitions, type JobRunSummary, runDueJobs } from "../server/jobs/runner";
import { getReadyDb } from "../server/startup";

/**
 * Runs the due jobs of the named kinds until none is left, as the server's runner would at
 * `now`. Only those kinds: on a PostgreSQL server the test files share one job queue, and a file
 * that ran every kind (a day ahead, say) would take another file's jobs from under it. Until
 * none is left: other files leave jobs of the same kinds in that queue (every chat test's
 * message queues a push), more than the runner takes in one pass.
 */
export async function runJobsNamed(names: string[], now?: Date): Promise<JobRunSummary> {
  const definitions: JobDefinitions = names.map(getJobDefinition);
  const db = await getReadyDb();
  const total: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  for (;;) {
    const pass = await runDueJobs(db, definitions, now);
    total.done += pass.done;
    total.retried += pass.retried;
    total.failed += pass.failed;
    if (pass.done + pass.retried + pass.failed === 0) return total;
  }
}
