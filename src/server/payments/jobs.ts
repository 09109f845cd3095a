import { z } from "zod";
import type { Database } from "../db/client";
import type { JobContext } from "../jobs/define";
import { defineJob, HOURLY } from "../jobs/define";
import { handlePaymentNotice } from "./crediting";
import { pruneUnconfirmedMandates } from "./direct-debit";
import { receiptMailJob, refundJob } from "./job-types";
import { refundWithdrawnOrder } from "./money-returned";
import type { PaymentProvider } from "./provider";
import { sendReceiptMail } from "./receipt";

/** What the payment jobs need of the process's providers (src/server/providers.ts binds them). */
type PaymentsJobContext = JobContext & {
  providers: { payments: (db: Database) => PaymentProvider };
};

export const receiptMailJobDefinition = defineJob({
  ...receiptMailJob,
  run: ({ order }, { db }) => sendReceiptMail(db, order),
});

/** Money owed to a member: enqueued with more attempts than most (withdrawOrder). */
export const refundJobDefinition = defineJob({
  ...refundJob,
  lane: "payments",
  run: ({ order }, { db, providers }: PaymentsJobContext) =>
    refundWithdrawnOrder(db, providers.payments(db), order),
});

/**
 * The job that asks the provider about a payment after it told us of a change (the sandbox's
 * checkout): retried with backoff while the provider cannot be reached.
 */
export const paymentSyncJob = defineJob({
  name: "payments.sync",
  payload: z.object({ payment: z.string() }),
  lane: "payments",
  run: ({ payment }, { db, providers }: PaymentsJobContext) =>
    handlePaymentNotice(db, providers.payments(db), payment),
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
