import { z } from "zod";
import { defineJob, HOURLY } from "../jobs/define";
import { pruneUnconfirmedMandates } from "./direct-debit";
import { receiptMailJob, refundJob } from "./job-types";
import { sendReceiptMail } from "./receipt";
import { handlePaymentNotice, refundWithdrawnOrder } from "./service";

export const receiptMailJobDefinition = defineJob({
  ...receiptMailJob,
  run: ({ order }, { db }) => sendReceiptMail(db, order),
});

/** Money owed to a member: enqueued with more attempts than most (withdrawOrder). */
export const refundJobDefinition = defineJob({
  ...refundJob,
  lane: "payments",
  run: ({ order }, { db }) => refundWithdrawnOrder(db, order),
});

/**
 * The job that asks the provider about a payment after it told us of a change (the sandbox's
 * checkout): retried with backoff while the provider cannot be reached.
 */
export const paymentSyncJob = defineJob({
  name: "payments.sync",
  payload: z.object({ payment: z.string() }),
  lane: "payments",
  run: ({ payment }, { db }) => handlePaymentNotice(db, payment),
});

/** The payment feature's jobs. */
export const PAYMENTS_JOBS = [
  receiptMailJobDefinition,
  refundJobDefinition,
  paymentSyncJob,
  defineJob({
    name: "prune.direct-debit-mandates",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneUnconfirmedMandates(db, now)),
  }),
];
