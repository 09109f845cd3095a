import { defineJob, HOURLY } from "../jobs/define";
import { pruneMemberEvents } from "./bus";

/** The events feature's jobs. */
export const EVENTS_JOBS = [
  defineJob({
    name: "prune.member-events",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneMemberEvents(db, now)),
  }),
];
