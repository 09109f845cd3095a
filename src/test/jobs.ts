import { JOB_DEFINITIONS } from "../server/job-definitions";
import { type JobDefinitions, type JobRunSummary, runDueJobs } from "../server/jobs/runner";
import { getReadyDb } from "../server/startup";

/**
 * Runs the due jobs of the named kinds, as the server's runner would at `now`. Only those: on a
 * PostgreSQL server the test files share one job queue, and a file that ran every kind (a day
 * ahead, say) would take another file's jobs from under it.
 */
export async function runJobsNamed(names: string[], now?: Date): Promise<JobRunSummary> {
  const definitions: JobDefinitions = {};
  for (const name of names) {
    const definition = JOB_DEFINITIONS[name];
    if (!definition) throw new Error(`no job named ${name}`);
    definitions[name] = definition;
  }
  return runDueJobs(await getReadyDb(), definitions, now);
}
