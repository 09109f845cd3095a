import { z } from "@hono/zod-openapi";
import { textSchema } from "../lib/validation";

/** GET /api/staff/members?q=: an address, an id, the start of a name or an order reference. */
export const searchQuery = z.object({
  q: textSchema().trim().min(1).max(254),
});

/** GET /api/staff/members/{id}: the ledger page after `ledger_before` (a ledger row id). */
export const memberQuery = z.object({
  ledger_before: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .transform(Number)
    .optional()
    .openapi({ description: "The ledger's next_cursor from the previous answer" }),
});
