import { z } from "@hono/zod-openapi";

export const complaintReceipt = z
  .object({ reference: z.number().int().openapi({ description: "Quote it in replies" }) })
  .openapi("ComplaintReceipt");
export type ComplaintReceipt = z.infer<typeof complaintReceipt>;
