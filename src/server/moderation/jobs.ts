import { defineJob } from "../jobs/define";
import { liftEndedSuspensions } from "./sanctions";

/** The moderation feature's jobs. */
export const MODERATION_JOBS = [
  // design §13: a suspension ends by itself, within a minute of its end.
  defineJob({
    name: "moderation.lift-suspensions",
    everyMinutes: 1,
    run: async (_, { db, now }) => void (await liftEndedSuspensions(db, now)),
  }),
];
