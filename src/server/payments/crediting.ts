import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { FINAL_ORDER_STATES, type OrderState } from "../../contract/payment-options";
import { changeCredits, orderReference } from "../credits/service";
import type { Database } from "../db/client";
import { enqueueJob } from "../jobs/service";
import { blockDirectDebit } from "./direct-debit-limits";
import { receiptMailJob } from "./job-types";
import { applyMoneyReturned, enqueueRefund } from "./money-returned";
import {
  orderStateOf,
  type PaymentProvider,
  type ProviderPayment,
  UnknownPaymentError,
} from "./provider";
import { discountCodeUses, type Order, orders } from "./schema";

/*
 * design §9: what a provider reports about a payment, applied to its order once: its state moved
 * forward, a completed order credited, money given back handed on to money-returned.ts.
 */

/** The order states in the order they happen: an order only ever moves forward. */
const STATE_RANK: Record<OrderState, number> = {
  open: 0,
  pending: 1,
  completed: 2,
  failed: 2,
  cancelled: 2,
  refunded: 3,
  charged_back: 3,
};

/** The states an order may move to `next` from: those before it, never a final one. */
function statesBefore(next: OrderState): OrderState[] {
  return (Object.keys(STATE_RANK) as OrderState[]).filter(
    (state) => STATE_RANK[state] < STATE_RANK[next] && !FINAL_ORDER_STATES.includes(state),
  );
}

/**
 * design §9: what a provider reports about a payment, applied to its order, once. The order is
 * found by the provider's id of the payment, and moved by one conditional UPDATE: only forward
 * (a late 'pending' after 'paid' changes nothing), and only when the payment's amount and
 * currency are the order's. Its row lock makes two reports of one payment (a webhook twice, a
 * webhook and the member's return) take turns, the second finding the state moved. Completing
 * credits the package, makes the member premium (spec §6) and queues the receipt, in the same
 * transaction as the state. A payment that does not match its order is never believed.
 *
 * @returns the order as it is now, or null when no order of ours has this payment
 */
export async function applyPayment(
  db: Database,
  provider: string,
  payment: ProviderPayment,
  now = new Date(),
): Promise<Order | null> {
  const next = orderStateOf(payment.status);
  const from = statesBefore(next);
  return db.transaction(async (tx) => {
    const ours = and(eq(orders.provider, provider), eq(orders.providerRef, payment.id));
    const [changed] =
      from.length > 0
        ? await tx
            .update(orders)
            .set({
              state: next,
              updatedAt: now,
              ...(next === "completed" ? { completedAt: now, creditedAt: now } : {}),
              ...(next === "pending" || next === "completed"
                ? { codeLapsedAt: lapsedAt(now) }
                : {}),
            })
            .where(
              and(
                ours,
                eq(orders.amount, payment.amount),
                eq(orders.currency, payment.currency as Order["currency"]),
                inArray(orders.state, from),
              ),
            )
            .returning()
        : [];
    const returned = payment.amountRefunded > 0 || payment.amountChargedBack > 0;
    if (!changed) {
      // Nothing to do (a repeat, a late report), or a report that is not believed. Money given
      // back is applied under the order's lock.
      const found = tx.select().from(orders).where(ours);
      const [order] = returned ? await found.for("update") : await found;
      if (order && (payment.amount !== order.amount || payment.currency !== order.currency)) {
        throw new Error(
          `order ${order.id}: payment ${payment.id} is for ${payment.amount} ${payment.currency}, not ${order.amount} ${order.currency}`,
        );
      }
      return order && returned ? applyMoneyReturned(tx, order, payment, now) : (order ?? null);
    }
    // A direct debit the bank sent back: the member pays another way from now on.
    if (next === "failed" && changed.method === "sdd") {
      await blockDirectDebit(tx, changed.userId, changed.id);
    }
    if (next === "completed") {
      if (changed.discountCode && !(await recordCodeUse(tx, changed))) {
        return refundUnheldOrder(tx, changed, now);
      }
      await changeCredits(
        tx,
        changed.userId,
        changed.credits,
        "purchase",
        orderReference(changed.id),
        {
          paid: true,
        },
      );
      await enqueueJob(
        tx,
        receiptMailJob,
        { order: changed.id },
        { uniqueKey: `${receiptMailJob.name}:${changed.id}` },
      );
    }
    return returned ? applyMoneyReturned(tx, changed, payment, now) : changed;
  });
}

/**
 * issue 25: an order's payment that leaves 'open' (the member paid, or authorized a debit) after
 * its code ended has lost the code: the time bonus does not outlive its 4 hours through an open
 * checkout. A payment under way in time keeps it until the order ends. Written in the UPDATE
 * that moves the state, where `state` is still the one before.
 */
function lapsedAt(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`case when ${orders.state} = 'open' and ${orders.codeHeldUntil} <= ${at} then coalesce(${orders.codeLapsedAt}, ${at}) else ${orders.codeLapsedAt} end`;
}

/**
 * A completed order's hold on its code becomes the member's use of it, for good; false when the
 * order holds it no more (it lapsed), or another order of theirs used it.
 */
async function recordCodeUse(tx: Database, order: Order): Promise<boolean> {
  if (!order.discountCode || order.codeLapsedAt) return false;
  const [use] = await tx
    .insert(discountCodeUses)
    .values({ code: order.discountCode, userId: order.userId, orderId: order.id })
    .onConflictDoNothing()
    .returning({ orderId: discountCodeUses.orderId });
  return use !== undefined;
}

/**
 * issue 25: a payment completed for an order that no longer holds its code is not credited as a
 * discounted purchase. The money has moved by then, so the order is refunded in full (the
 * refund job), with no credits and no premium; its result page tells the member why, and they
 * order again at the price of the day.
 */
async function refundUnheldOrder(tx: Database, order: Order, now: Date): Promise<Order> {
  const [refused] = await tx
    .update(orders)
    .set({
      state: "refunded",
      creditedAt: null,
      refundedAt: now,
      codeLapsedAt: order.codeLapsedAt ?? now,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await enqueueRefund(tx, order.id);
  return refused ?? order;
}

/**
 * Asks the provider about an order's payment and applies the answer: the member's return to
 * /transactions/{id}, and every webhook, come here. Safe to call any number of times.
 */
export async function syncOrder(
  db: Database,
  provider: PaymentProvider,
  order: Order,
): Promise<Order> {
  if (!order.providerRef || FINAL_ORDER_STATES.includes(order.state)) return order;
  if (provider.id !== order.provider) return order;
  const payment = await provider.getPayment(order.providerRef);
  if (payment.id !== order.providerRef) {
    throw new Error(`order ${order.id}: payment ${payment.id} is not its payment`);
  }
  return (await applyPayment(db, provider.id, payment)) ?? order;
}

/**
 * A provider's webhook names a payment, nothing more (design §2: never believe its body): the
 * payment is asked of the provider, then applied to its order. An id the provider does not know,
 * or one of no order of ours, is ignored, as the provider may retry a payment that was never ours.
 */
export async function handlePaymentNotice(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
): Promise<void> {
  let payment: ProviderPayment;
  try {
    payment = await provider.getPayment(paymentId);
  } catch (error) {
    if (isUnknownPayment(error)) return;
    throw error;
  }
  await applyPayment(db, provider.id, payment);
}

/** A provider's "no such payment": the sandbox's, or Mollie's 404. */
function isUnknownPayment(error: unknown): boolean {
  return (
    error instanceof UnknownPaymentError ||
    (typeof error === "object" &&
      error !== null &&
      (error as { statusCode?: number }).statusCode === 404)
  );
}
