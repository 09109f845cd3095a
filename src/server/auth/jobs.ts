import { DAILY, defineJob } from "../jobs/define";
import { passwordResetMailJob } from "./password-reset";
import { pruneExpiredSessions } from "./session";
import { pruneAccountTokens } from "./tokens";

/** The auth feature's jobs. */
export const AUTH_JOBS = [
  passwordResetMailJob,
  defineJob({
    name: "prune.sessions",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneExpiredSessions(db, now)),
  }),
  defineJob({
    name: "prune.account-tokens",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneAccountTokens(db, now)),
  }),
];
