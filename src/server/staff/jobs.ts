import { DAILY, defineJob } from "../jobs/define";
import { pruneStaffSessions } from "./session";

/** The staff feature's jobs. */
export const STAFF_JOBS = [
  defineJob({
    name: "prune.staff-sessions",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneStaffSessions(db, now)),
  }),
];
