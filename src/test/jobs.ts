import { getJobDefinition } from "../server/job-definitions";
import { type JobDefinitions, type JobRunSummary, runDueJobs } from "../server/jobs/runner";
import { getEnv } from "../server/lib/env";
import { bindJobProviders, createProviders, type Providers } from "../server/providers";
import { getReadyDb } from "../server/startup";

/**
 * The server's jobs of these names as its runner takes them, run with `providers` (by default
 * the test settings': the sandbox and the SMS outbox; a test of a real provider passes its
 * stand-in, as to `createApp`).
 */
export function serverJobs(
  names: string[],
  providers: Providers = createProviders(getEnv()),
): JobDefinitions {
  return bindJobProviders(names.map(getJobDefinition), providers);
}

/**
 * Runs the due jobs of the named kinds until none is left, as the server's runner would at
 * `now`, with `providers` (serverJobs). Only those kinds: on a PostgreSQL server the test files
 * share one job queue, and a file that ran every kind (a day ahead, say) would take another
 * file's jobs from under it. Until none is left: other files leave jobs of the same kinds in that
 * queue (every chat test's message queues a push), more than the runner takes in one pass.
 */
export async function runJobsNamed(
  names: string[],
  now?: Date,
  providers?: Providers,
): Promise<JobRunSummary> {
  const definitions = serverJobs(names, providers);
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
