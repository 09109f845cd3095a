import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { creditLedger } from "../credits/schema";
import { changeCredits, orderReference } from "../credits/service";
import type { Database } from "../db/client";
import { enqueueJob } from "../jobs/service";
import { ApiError, notFound } from "../lib/errors";
import type { Site } from "../sites/registry";
import { clearPremium } from "../users/balance";
import { users } from "../users/schema";
import { blockDirectDebit } from "./direct-debit-limits";
import { refundJob } from "./job-types";
import type { PaymentProvider, ProviderPayment } from "./provider";
import { type Order, orders } from "./schema";

/*
 * Money given back on a credited order (issue 14, 25): the member's withdrawal and our refund
 * of it, and refunds and chargebacks the provider reports; each takes back what is left of the
 * package.
 */

/**
 * Queues the provider's refund of an order, in the transaction that made it refunded. Money owed
 * to the member: retried with backoff for about a day while the provider refuses; its key makes
 * a second queueing of one order's refund a no-op.
 */
export async function enqueueRefund(tx: Database, orderId: number): Promise<void> {
  await enqueueJob(
    tx,
    refundJob,
    { order: orderId },
    { uniqueKey: `${refundJob.name}:${orderId}`, maxAttempts: 12 },
  );
}

/** Why an order cannot be withdrawn (spec §3 refund_days, the return policy). */
export type WithdrawalRefusal = "not_completed" | "period_over" | "credits_used" | "premium_used";

/** Ledger reasons that take an order's credits back: they are not use of anything. */
const TAKE_BACK_REASONS = ["refund", "chargeback"] as const;

/** How much of a package is used, and how much of it the member still holds. */
export type PackageUse = { used: number; unused: number };

/**
 * What of a credited order's package is used, from the ledger (design §9). Credits are spent
 * oldest first: whatever left the balance after the purchase (messages, photos, gifts, a
 * correction), except credits taken back for an order, came first out of the balance held
 * before it, then out of the package. Credits taken back since then for an older order came out
 * of that earlier balance too; credits taken back for this order are no longer held.
 *
 * @returns null when the order was never credited
 */
export async function findPackageUse(db: Database, order: Order): Promise<PackageUse | null> {
  const reference = orderReference(order.id);
  const [purchase] = await db
    .select({
      id: creditLedger.id,
      before: sql<number>`(${creditLedger.balanceAfter} - ${creditLedger.delta})::int`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, "purchase"), eq(creditLedger.reference, reference)));
  if (!purchase) return null;
  const takenBack = sql`${creditLedger.reason} in ('refund', 'chargeback')`;
  const olderOrder = sql`${creditLedger.reference} in (
    select older.reference from ${creditLedger} older
    where older.user_id = ${order.userId} and older.reason = 'purchase' and older.id < ${purchase.id})`;
  const [since] = await db
    .select({
      spent: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where not ${takenBack}), 0)::int`,
      olderTakenBack: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${takenBack} and ${olderOrder}), 0)::int`,
      ownTakenBack: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${takenBack} and ${creditLedger.reference} = ${reference}), 0)::int`,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, order.userId),
        gt(creditLedger.id, purchase.id),
        lt(creditLedger.delta, 0),
      ),
    );
  const spent = Number(since?.spent ?? 0) + Number(since?.olderTakenBack ?? 0);
  const used = Math.min(order.credits, Math.max(0, spent - Number(purchase.before)));
  return { used, unused: Math.max(0, order.credits - used - Number(since?.ownTakenBack ?? 0)) };
}

/**
 * Whether a completed order can still be withdrawn (the return policy, ARCHITECTURE.md): within
 * the site's refund days of its completion, and untouched: none of its credits spent
 * (findPackageUse) and no premium content opened on it (payments/premium-use.ts). The member
 * asked for it at once at checkout, so the legal right ends with its first use (Directive
 * 2011/83/EU art. 16(m)); a used package is not refunded, not even in part.
 */
export async function withdrawalRefusal(
  db: Database,
  order: Order,
  site: Pick<Site, "refundDays">,
  now = new Date(),
): Promise<WithdrawalRefusal | null> {
  if (order.state !== "completed" || !order.completedAt) return "not_completed";
  if (now.getTime() - order.completedAt.getTime() > site.refundDays * 24 * 60 * 60 * 1000) {
    return "period_over";
  }
  const use = await findPackageUse(db, order);
  if (!use) return "not_completed";
  if (use.used > 0) return "credits_used";
  return order.premiumUsedAt ? "premium_used" : null;
}

/**
 * Takes back what the member still holds of an order's package (never more than the balance:
 * it never goes below zero), as one ledger row of `reason`, and ends premium when no completed
 * purchase is left. Runs under the order's lock, in the transaction that moves its state.
 *
 * @returns the credits taken back
 */
async function takeBackPackage(
  tx: Database,
  order: Order,
  reason: (typeof TAKE_BACK_REASONS)[number],
): Promise<number> {
  const [member] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, order.userId))
    .for("update");
  const use = await findPackageUse(tx, order);
  const taken = Math.min(use?.unused ?? 0, member?.credits ?? 0);
  if (taken > 0) {
    await changeCredits(tx, order.userId, -taken, reason, orderReference(order.id));
  }
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.userId, order.userId), eq(orders.state, "completed"), ne(orders.id, order.id)),
    )
    .limit(1);
  if (!other) await clearPremium(tx, order.userId);
  return taken;
}

/**
 * issue 14: the member withdraws a completed purchase (spec §3 refund_days). Under the order's
 * lock: the refusal is checked again, the order becomes refunded, its credits are taken back
 * (a ledger 'refund' row), premium ends when no other completed purchase is left, and the
 * provider's refund is queued in the same transaction (a job, retried until the provider takes
 * it; its key makes a repeat harmless).
 */
export async function withdrawOrder(
  db: Database,
  site: Site,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) throw notFound("payments.error.orderNotFound");
    const refusal = await withdrawalRefusal(tx, order, site, now);
    if (refusal) {
      throw new ApiError(409, `withdrawal_${refusal}`, `payments.withdraw.refused.${refusal}`, {
        count: site.refundDays,
      });
    }
    // Untouched: what is taken back is the whole package.
    const taken = await takeBackPackage(tx, order, "refund");
    if (taken !== order.credits) {
      throw new ApiError(409, "withdrawal_credits_used", "payments.withdraw.refused.credits_used");
    }
    const [withdrawn] = await tx
      .update(orders)
      .set({ state: "refunded", refundedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await enqueueRefund(tx, order.id);
    return withdrawn ?? order;
  });
}

/**
 * issue 27 (member support): staff refund a member's completed order as goodwill, whatever the
 * return policy says (withdrawOrder is the member's own right, within it). In the caller's
 * transaction, under the order's lock: what the member still holds of the package is taken back
 * (a ledger 'refund' row, never below zero: credits already spent stay spent), premium ends when
 * no other completed purchase is left, the order becomes refunded and the provider's refund of
 * what it has not paid back yet is queued (the refund job, as for a withdrawal). Only the
 * member's own order: another member's is not found.
 *
 * @returns the refunded order and the credits taken back
 */
export async function refundOrderAsStaff(
  tx: Database,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<{ order: Order; before: Order; creditsTaken: number }> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw notFound("payments.error.orderNotFound");
  // Only a paid order whose money is not back yet (refunded in full, or charged back).
  if (
    order.state !== "completed" ||
    order.refundedAmount >= order.amount ||
    order.chargedBackAmount > 0
  ) {
    throw new ApiError(409, "order_not_refundable", "staff.support.error.orderNotRefundable");
  }
  const creditsTaken = await takeBackPackage(tx, order, "refund");
  const [refunded] = await tx
    .update(orders)
    .set({ state: "refunded", refundedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await enqueueRefund(tx, order.id);
  return { order: refunded ?? order, before: order, creditsTaken };
}

/**
 * issue 25: money the provider has given back on a credited order's payment, whoever started
 * it: a refund made in the provider's dashboard, or a chargeback by the member's bank (the
 * provider's payment stays 'paid' and reports the amounts). Called under the order's lock with
 * the payment's totals, so a notice seen twice changes nothing the second time:
 * - a chargeback: the order becomes charged_back, what the member still holds of its package
 *   is taken back (a ledger 'chargeback' row, never below zero), premium ends when no completed
 *   purchase is left, and the member may no longer pay by direct debit;
 * - a refund of the whole amount: the order becomes refunded and its package is taken back in
 *   the same way (our own withdrawal did that already);
 * - a partial refund: recorded on the order only (staff's goodwill; credits stay).
 */
export async function applyMoneyReturned(
  tx: Database,
  order: Order,
  payment: ProviderPayment,
  now: Date,
): Promise<Order> {
  const refunded = Math.min(payment.amountRefunded, order.amount);
  const chargedBack = Math.min(payment.amountChargedBack, order.amount);
  const credited = ["completed", "refunded", "charged_back"].includes(order.state);
  if (!credited || (refunded <= order.refundedAmount && chargedBack <= order.chargedBackAmount)) {
    return order;
  }
  const change: Partial<Order> = {
    refundedAmount: Math.max(refunded, order.refundedAmount),
    chargedBackAmount: Math.max(chargedBack, order.chargedBackAmount),
    updatedAt: now,
  };
  if (chargedBack > 0 && order.state !== "charged_back") {
    await takeBackPackage(tx, order, "chargeback");
    await blockDirectDebit(tx, order.userId, order.id);
    Object.assign(change, { state: "charged_back", chargedBackAt: now });
  } else if (refunded >= order.amount && order.state === "completed") {
    await takeBackPackage(tx, order, "refund");
    Object.assign(change, { state: "refunded", refundedAt: now });
  }
  const [changed] = await tx.update(orders).set(change).where(eq(orders.id, order.id)).returning();
  return changed ?? order;
}

/** The refund job: pays a withdrawn order back through the provider that took it. */
export async function refundWithdrawnOrder(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.state !== "refunded" || !order.providerRef) return;
  if (provider.id !== order.provider) {
    throw new Error(`order ${orderId} was paid through ${order.provider}, not ${provider.id}`);
  }
  // What the provider has not paid back yet: all of it for a withdrawal; for a staff refund of
  // an order partly refunded in the provider's dashboard before, the rest.
  const owed = order.amount - order.refundedAmount;
  if (owed <= 0) return;
  await provider.refund(order.providerRef, owed, order.currency, `refund-order-${order.id}`);
}
