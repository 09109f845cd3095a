import { vacuumEmbedded } from "../db/maintenance";
import { DAILY, defineJob, HOURLY } from "../jobs/define";
import { pruneFinishedJobs } from "../jobs/service";
import { pruneIdempotencyKeys } from "../request/idempotency";
import { mailDeliveryJob } from "./mail";
import { pruneRateLimits } from "./rate-limit";
import { pruneOutboxSms, smsDeliveryJob } from "./sms";

/** The jobs of the layers under the features: lib's, the request's, the database's, the queue's. */
export const LIB_JOBS = [
  mailDeliveryJob,
  smsDeliveryJob,
  defineJob({
    name: "prune.rate-limits",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneRateLimits(db, now)),
  }),
  defineJob({
    name: "prune.idempotency-keys",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneIdempotencyKeys(db, now)),
  }),
  defineJob({
    name: "prune.sms-outbox",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneOutboxSms(db, now)),
  }),
  defineJob({
    name: "prune.jobs",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneFinishedJobs(db, now)),
  }),
  defineJob({
    name: "db.vacuum",
    everyMinutes: DAILY,
    // On the embedded database only; a large one takes seconds, during which queries wait.
    leaseMs: 30 * 60 * 1000,
    run: async (_, { db }) => void (await vacuumEmbedded(db)),
  }),
];
