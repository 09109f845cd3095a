import { RESET_TTL_MS } from "../auth/password-reset";
import { ACTIVATION_TTL_HOURS } from "../auth/signup";
import { DAILY, defineJob, HOURLY } from "../jobs/define";
import { pruneOutboxMails } from "../lib/mail-outbox";
import { eraseExpiredAccounts, REACTIVATION_DAYS } from "./deletion";
import { EMAIL_CHANGE_TTL_MS } from "./email-change";
import {
  chatMailJobDefinition,
  matchMailJobDefinition,
  unreadRemindersJob,
} from "./notification-jobs";
import { UNSUBSCRIBE_TTL_MS } from "./notification-mail";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The longest any e-mail link works (today the unsubscribe link's 90 days), plus a day: an outbox
 * row older than this holds no working link, delivered or not.
 */
export const OUTBOX_MAX_AGE_MS =
  Math.max(
    RESET_TTL_MS,
    ACTIVATION_TTL_HOURS * HOUR_MS,
    EMAIL_CHANGE_TTL_MS,
    REACTIVATION_DAYS * DAY_MS,
    UNSUBSCRIBE_TTL_MS,
  ) + DAY_MS;

/** Erases the accounts pending deletion for more than 14 days (spec §1). */
export const erasureJob = defineJob({
  name: "users.erase-expired",
  everyMinutes: HOURLY,
  // Erasure deletes photo files too; give a large backlog time before another worker steps in.
  leaseMs: 30 * 60 * 1000,
  run: async (_, { db, now }) => void (await eraseExpiredAccounts(db, now)),
});

/** The account feature's jobs, the notification mails of chat and likes among them. */
export const ACCOUNT_JOBS = [
  erasureJob,
  chatMailJobDefinition,
  matchMailJobDefinition,
  unreadRemindersJob,
  // Here, not in lib: its age comes from the links of auth's and account's mails.
  defineJob({
    name: "prune.outbox",
    everyMinutes: DAILY,
    run: async (_, { db, now }) =>
      void (await pruneOutboxMails(db, { now, maxAgeMs: OUTBOX_MAX_AGE_MS })),
  }),
];
