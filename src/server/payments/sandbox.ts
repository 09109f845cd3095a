import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { SANDBOX_OUTCOMES } from "../../contract/payment-options";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import {
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  UnknownPaymentError,
} from "./provider";
import { orders, sandboxPayments } from "./schema";

export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Where the sandbox's checkout page lives on each site. */
export const SANDBOX_CHECKOUT_PATH = "/sandbox/checkout";

/** A payment id as the sandbox hands them out (its checkout route accepts only this shape). */
function newSandboxPaymentId(): string {
  return `tr_sandbox_${randomBytes(12).toString("base64url")}`;
}

/**
 * design §9: the built-in provider of the demo and the tests. It keeps its payments in its own
 * table and shows its own checkout page (src/pages/sandbox/checkout/[id].astro) where the member
 * picks the outcome, so the whole flow runs without a provider. It behaves as Mollie does: a
 * payment is open until the checkout sets it; pending may still become paid or failed; the rest
 * is final. A production server refuses it (lib/env.ts, checkServingEnv): it gives credits for nothing.
 */
export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    id: "sandbox",
    async createPayment(input) {
      const id = newSandboxPaymentId();
      await db.insert(sandboxPayments).values({
        id,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        description: input.description,
        redirectUrl: input.redirectUrl,
        orderId: input.orderId,
      });
      // A path: the sandbox's page is on the member's own site, wherever that is served (the
      // demo on any port), not at the site's configured origin.
      return { id, checkoutUrl: `${SANDBOX_CHECKOUT_PATH}/${id}`, customer: null };
    },
    async repeatPayment(input) {
      // As a card or direct-debit mandate would: charged at once, without a checkout, when the
      // earlier payment was paid.
      const previous = await findSandboxPayment(db, input.previousPaymentId);
      if (previous?.status !== "paid") return null;
      const id = newSandboxPaymentId();
      await db.insert(sandboxPayments).values({
        id,
        amount: input.amount,
        currency: input.currency,
        method: previous.method,
        description: input.description,
        redirectUrl: previous.redirectUrl,
        orderId: input.orderId,
        status: "paid",
      });
      return { id };
    },
    async createDirectDebit(input) {
      // As a bank does: the debit is pending for days; the checkout page plays the bank that
      // pays it (Complete) or sends it back (Fail).
      const id = newSandboxPaymentId();
      await db.insert(sandboxPayments).values({
        id,
        amount: input.amount,
        currency: input.currency,
        method: "sdd",
        description: input.description,
        redirectUrl: input.redirectUrl,
        orderId: input.orderId,
        status: "pending",
      });
      return { id, customer: null, checkoutUrl: `${SANDBOX_CHECKOUT_PATH}/${id}` };
    },
    async getPayment(id) {
      const payment = await findSandboxPayment(db, id);
      if (!payment) throw new UnknownPaymentError(id);
      return payment;
    },
    async refund(id, amount) {
      // Setting the refunded amount is idempotent by itself: the key is not needed.
      const payment = await findSandboxPayment(db, id);
      if (payment?.status !== "paid" || amount > payment.amount) {
        throw new Error(`sandbox: cannot refund ${amount} of payment ${id}`);
      }
      await db.update(sandboxPayments).set({ refunded: amount }).where(eq(sandboxPayments.id, id));
    },
  };
}

export async function findSandboxPayment(
  db: Database,
  id: string,
): Promise<
  (ProviderPayment & { redirectUrl: string; method: string; description: string }) | null
> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as ProviderStatus,
    amount: row.amount,
    currency: row.currency,
    orderId: row.orderId,
    checkoutUrl: null,
    amountRefunded: row.refunded,
    amountChargedBack: 0,
    redirectUrl: row.redirectUrl,
    method: row.method,
    description: row.description,
  };
}

/**
 * The checkout page's button: sets the outcome as a provider would. Open and pending payments
 * move; a final one stays as it is (the answer says so).
 */
export async function setSandboxOutcome(
  db: Database,
  id: string,
  outcome: SandboxOutcome,
): Promise<boolean> {
  const from: ProviderStatus[] = outcome === "pending" ? ["open"] : ["open", "pending"];
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: outcome })
    .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from)))
    .returning({ id: sandboxPayments.id });
  return Boolean(row);
}

/**
 * A sandbox payment for its checkout page, only for the member whose order it pays: another
 * member (or a visitor) gets the 404 of a payment that does not exist.
 */
export async function findMemberSandboxPayment(db: Database, id: string, userId: number) {
  const [row] = await db
    .select({ payment: sandboxPayments, userId: orders.userId })
    .from(sandboxPayments)
    .innerJoin(orders, eq(orders.id, sandboxPayments.orderId))
    .where(and(eq(sandboxPayments.id, id), eq(orders.userId, userId)));
  if (!row) throw notFound("payments.error.orderNotFound");
  return row.payment;
}
