import { z } from "zod";
import { declareJob } from "../jobs/define";

/** The job that e-mails a completed order's receipt (payments/receipt.ts). */
export const receiptMailJob = declareJob(
  "payments.receipt-mail",
  z.object({ order: z.number().int() }),
);

/** The job that pays a withdrawn order back through its provider. */
export const refundJob = declareJob("payments.refund", z.object({ order: z.number().int() }));
