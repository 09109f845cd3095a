import { ACCOUNT_JOBS } from "./account/jobs";
import { AUTH_JOBS } from "./auth/jobs";
import { CHAT_JOBS } from "./chat/jobs";
import { demoSeedJob } from "./db/seed";
import { EVENTS_JOBS } from "./events/jobs";
import { LIB_JOBS } from "./lib/jobs";
import { LIKES_JOBS } from "./likes/jobs";
import { METRICS_JOBS } from "./metrics/jobs";
import { MODERATION_JOBS } from "./moderation/jobs";
import { PAYMENTS_JOBS } from "./payments/jobs";
import type { ServerJobDefinition } from "./providers";
import { STAFF_JOBS } from "./staff/jobs";

/**
 * design §10a: every job the server runs, each defined beside its feature (`<feature>/jobs.ts`)
 * with its payload's schema, its lane and, for a recurring one, its schedule: a job that waits on
 * an outside service in that service's lane (SMTP, the SMS and push services, the payment
 * provider), the database's own work in `main`. Retention and why: ARCHITECTURE.md, "Jobs and
 * retention". Each pruning job deletes what is due whenever it runs, so a slot missed while no
 * process ran is made up by the next.
 */
export const JOB_DEFINITIONS: readonly ServerJobDefinition[] = [
  ...LIB_JOBS,
  ...EVENTS_JOBS,
  ...PAYMENTS_JOBS,
  ...LIKES_JOBS,
  ...CHAT_JOBS,
  ...AUTH_JOBS,
  ...ACCOUNT_JOBS,
  ...STAFF_JOBS,
  ...MODERATION_JOBS,
  ...METRICS_JOBS,
  demoSeedJob,
];

/** The definition of the job of that name; throws for one the server does not run. */
export function getJobDefinition(name: string): ServerJobDefinition {
  const definition = JOB_DEFINITIONS.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`no job named ${name}`);
  return definition;
}
