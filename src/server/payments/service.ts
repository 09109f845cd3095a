import { and, desc, eq, gt, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import {
  FINAL_ORDER_STATES,
  type OrderState,
  type PaymentMethod,
} from "../../contract/payment-options";
import type { OrderView } from "../../contract/payments";
import type { Locale } from "../../i18n/locales";
import { currencyFor, findPackage } from "../credits/packages";
import { creditLedger } from "../credits/schema";
import { changeCredits, orderReference } from "../credits/service";
import type { Database } from "../db/client";
import { enqueueJob } from "../jobs/service";
import { getEnv } from "../lib/env";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import type { Site } from "../sites/registry";
import { clearPremium } from "../users/balance";
import { users } from "../users/schema";
import { assertEmailConfirmed } from "../users/service";
import { blockDirectDebit, directDebitRefusal, directDebitRefused } from "./direct-debit-limits";
import { type CodeHolder, type Discount, discounted, discountFor } from "./discounts";
import { offeredMethods } from "./methods";
import { createMollieProvider } from "./mollie";
import {
  orderStateOf,
  type PaymentProvider,
  type ProviderPayment,
  UnknownPaymentError,
} from "./provider";
import { createSandboxProvider } from "./sandbox";
import { discountCodeUses, type Order, orders } from "./schema";

/** The job that e-mails a completed order's receipt (payments/receipt.ts). */
export const RECEIPT_MAIL_JOB = "payments.receipt-mail";
/** The job that asks the provider about a payment after it told us of a change. */
export const PAYMENT_SYNC_JOB = "payments.sync";

/** The job that pays a withdrawn order back through its provider. */
export const REFUND_JOB = "payments.refund";

/** The webhook path the providers call (payments/routes.ts), on the site's origin. */
export const WEBHOOK_PATH = "/api/payment-webhook.php";

let providerOverride: PaymentProvider | undefined;
/** One Mollie client per process (it keeps its connections). */
let mollieProvider: PaymentProvider | undefined;

/** The provider of the PAYMENT_PROVIDER setting (tests may put another in its place). */
export async function getPaymentProvider(db: Database): Promise<PaymentProvider> {
  if (providerOverride) return providerOverride;
  const env = getEnv();
  switch (env.PAYMENT_PROVIDER) {
    case "sandbox":
      return createSandboxProvider(db);
    case "mollie":
      // The schema refuses mollie without a key.
      mollieProvider ??= createMollieProvider({
        apiKey: env.MOLLIE_API_KEY ?? "",
        apiEndpoint: env.MOLLIE_API_URL,
      });
      return mollieProvider;
  }
}

/** Tests only: use this provider (a Mollie client on a stand-in) until reset with undefined. */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined): void {
  providerOverride = provider;
}

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

/** Who buys: the member, their site and where they live (their price list and methods). */
export type Buyer = CodeHolder & { email: string; locale: Locale };

/** The currency and methods a member is offered on a site. */
export function offerFor(site: Site, country: string | null) {
  const currency = currencyFor(site, country);
  const home = country && site.countries.includes(country) ? country : (site.countries[0] ?? "");
  return { currency, methods: offeredMethods(home, currency) };
}

/**
 * issue 25: whether an open order's code has ended: paying it now would be refunded
 * (applyPayment), so the member is not sent to its checkout.
 */
export function hasCodeEnded(order: Order, now = new Date()): boolean {
  return order.state === "open" && order.codeHeldUntil !== null && order.codeHeldUntil <= now;
}

export function toOrderView(order: Order): OrderView {
  return {
    id: order.id,
    state: order.state,
    credits: order.credits,
    amount: order.amount,
    currency: order.currency,
    method: order.method,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    checkout_url:
      (order.state === "open" && !hasCodeEnded(order)) || order.state === "pending"
        ? (order.checkoutUrl ?? null)
        : null,
  };
}

/**
 * issue 14: makes an order for a package with a method and hands it to the provider. What it
 * costs and grants comes from the site's price list in the member's currency, never from the
 * client; a method not offered to the member is refused.
 *
 * @returns the order, with the provider's checkout URL to send the member to
 */
export async function createOrder(
  db: Database,
  site: Site,
  buyer: Buyer,
  choice: { packageId: number; method: PaymentMethod; code?: string; consentedAt: Date },
): Promise<Order> {
  // Money waits for a confirmed address (the unconfirmed-account rule, users/service.ts).
  await assertEmailConfirmed(db, buyer.userId);
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(choice.packageId, currency);
  if (!offered) throw notFound("payments.error.packageNotFound");
  // A direct debit is ordered through its mandate form (/directdebit), never here.
  if (!methods.includes(choice.method) || choice.method === "sdd") {
    throw new ValidationError({ method: { key: "payments.error.methodNotOffered" } });
  }
  const discount = choice.code
    ? await discountFor(db, buyer, choice.code, {
        amount: offered.amount,
        currency,
        method: choice.method,
      })
    : null;
  return placeOrder(db, site, buyer, offered, choice.method, "checkout", choice.consentedAt, {
    discount,
  });
}

/**
 * issue 14 repeat order (/credits/repeat-order): the member's last completed package again, at
 * today's price in their currency, with the same method. Where the provider can charge the
 * earlier payment's mandate (Mollie recurring, the sandbox) it happens in this one step, with
 * no checkout; elsewhere the order goes to the provider's checkout like any other.
 */
export async function repeatOrder(
  db: Database,
  site: Site,
  buyer: Buyer,
  consentedAt: Date,
): Promise<Order> {
  await assertEmailConfirmed(db, buyer.userId);
  const last = await findLastCompletedOrder(db, buyer.userId);
  if (!last) throw notFound("payments.error.noRepeat");
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(last.packageId, currency);
  if (!offered || !methods.includes(last.method)) throw notFound("payments.error.noRepeat");
  // A direct debit's block and monthly limit are checked where the order is made (insertOrder).
  return placeOrder(db, site, buyer, offered, last.method, "repeat", consentedAt, {
    previous: last,
  });
}

/** The member's newest completed order, the one a repeat order buys again. */
export async function findLastCompletedOrder(db: Database, userId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.state, "completed")))
    .orderBy(desc(orders.id))
    .limit(1);
  return order;
}

/** The provider's customer for a member: from their newest order that has one there. */
async function findProviderCustomer(db: Database, userId: number, provider: string) {
  const [row] = await db
    .select({ customer: orders.providerCustomer })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.provider, provider),
        sql`${orders.providerCustomer} is not null`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.customer ?? null;
}

/** A package as the price list offers it to the member. */
type Offered = { id: number; credits: number; amount: number; currency: Order["currency"] };

/**
 * The order row for a package as offered, with its discount, before any provider hears of it.
 * A direct debit is checked and counted in one transaction under the member's row lock: its
 * block and the site's monthly limit are read with every earlier debit of theirs committed, and
 * the order is inserted before the lock is let go, so parallel orders (repeat orders, mandates)
 * take turns and never pass the limit together. A discount code is held by the order that takes
 * it (issue 25): the index orders_discount_code_hold_key lets one unfinished or completed order
 * of the member's have it, and a second one is refused with 'held'.
 * `consentedAt` is when the member asked for the package at once, losing the right of withdrawal
 * once it is used (Directive 2011/83/EU art. 16(m)): every checkout asks before it orders.
 */
export async function insertOrder(
  db: Database,
  site: Site,
  buyer: Buyer,
  offered: Offered,
  method: PaymentMethod,
  provider: string,
  discount: Discount | null | undefined,
  consentedAt: Date,
  now = new Date(),
): Promise<Order> {
  const amount = discount ? discounted(offered.amount, discount.percent) : offered.amount;
  const made = db.transaction(async (tx) => {
    if (method === "sdd") {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, buyer.userId))
        .for("no key update");
      const refusal = await directDebitRefusal(tx, site, buyer.userId, amount, now);
      if (refusal) throw directDebitRefused(refusal);
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.userId,
        siteId: site.id,
        packageId: offered.id,
        credits: offered.credits,
        amount,
        listAmount: offered.amount,
        discountCode: discount?.code ?? null,
        discountPercent: discount?.percent ?? null,
        codeHeldUntil: discount?.heldUntil ?? null,
        currency: offered.currency,
        method,
        provider,
        locale: buyer.locale,
        consentedAt,
      })
      .returning();
    if (!order) throw new Error("order not created");
    return order;
  });
  return made.catch((error: unknown) => {
    if (isUniqueViolation(error, "orders_discount_code_hold_key")) {
      throw new ValidationError({ code: { key: "payments.code.held" } });
    }
    throw error;
  });
}

/** Whether a query failed on a unique index (PostgreSQL 23505), through the driver's wrapping. */
function isUniqueViolation(error: unknown, index: string): boolean {
  let cause = error;
  for (let depth = 0; depth < 4 && typeof cause === "object" && cause !== null; depth += 1) {
    const { code, constraint, message } = cause as Record<string, unknown>;
    if (code === "23505" && (constraint === index || String(message).includes(index))) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** What every payment of an order tells its provider, and the provider's customer to use. */
export async function paymentBasics(db: Database, site: Site, buyer: Buyer, order: Order) {
  return {
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    description: `${site.name} ${order.credits} credits #${order.id}`,
    redirectUrl: `${site.origin}/transactions/${order.id}`,
    webhookUrl: `${site.origin}${WEBHOOK_PATH}`,
    email: buyer.email,
    customer: await findProviderCustomer(db, buyer.userId, order.provider),
  };
}

/** The provider refused an order's payment: the order fails, and the member is told so. */
export async function refusedByProvider(db: Database, order: Order, error: unknown) {
  console.error(`order ${order.id}: the provider refused the payment:`, error);
  await db
    .update(orders)
    .set({ state: "failed", updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  return new ApiError(502, "payment_unavailable", "payments.error.unavailable");
}

async function placeOrder(
  db: Database,
  site: Site,
  buyer: Buyer,
  offered: Offered,
  method: PaymentMethod,
  how: "checkout" | "repeat",
  consentedAt: Date,
  { previous, discount }: { previous?: Order; discount?: Discount | null },
): Promise<Order> {
  const provider = await getPaymentProvider(db);
  const order = await insertOrder(
    db,
    site,
    buyer,
    offered,
    method,
    provider.id,
    discount,
    consentedAt,
  );
  const { redirectUrl, ...common } = await paymentBasics(db, site, buyer, order);
  try {
    if (how === "repeat" && previous?.providerRef && previous.provider === provider.id) {
      const repeated = await provider.repeatPayment({
        ...common,
        previousPaymentId: previous.providerRef,
      });
      if (repeated) {
        const [charged] = await db
          .update(orders)
          .set({
            providerRef: repeated.id,
            providerCustomer: common.customer,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id))
          .returning();
        // Charged already, or on its way: the provider's word now, the webhook for the rest.
        return charged ? syncOrder(db, charged) : order;
      }
    }
    const payment = await provider.createPayment({
      ...common,
      method,
      locale: buyer.locale,
      redirectUrl,
    });
    const [handed] = await db
      .update(orders)
      .set({
        providerRef: payment.id,
        providerCustomer: payment.customer,
        checkoutUrl: payment.checkoutUrl,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    return handed ?? order;
  } catch (error) {
    throw await refusedByProvider(db, order, error);
  }
}

/** A member's own order; another member's is not found (never told apart from a missing one). */
export async function findMemberOrder(
  db: Database,
  userId: number,
  orderId: number,
): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound("payments.error.orderNotFound");
  return order;
}

/** A member's orders, newest first, a page at a time (before the `before` id). */
export async function listMemberOrders(
  db: Database,
  userId: number,
  options: { limit: number; before?: number },
): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(
      options.before
        ? and(eq(orders.userId, userId), lt(orders.id, options.before))
        : eq(orders.userId, userId),
    )
    .orderBy(desc(orders.id))
    .limit(options.limit);
}

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
        RECEIPT_MAIL_JOB,
        { order: changed.id },
        { uniqueKey: `${RECEIPT_MAIL_JOB}:${changed.id}` },
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
  await enqueueJob(
    tx,
    REFUND_JOB,
    { order: order.id },
    { uniqueKey: `${REFUND_JOB}:${order.id}`, maxAttempts: 12 },
  );
  return refused ?? order;
}

/**
 * Asks the provider about an order's payment and applies the answer: the member's return to
 * /transactions/{id}, and every webhook, come here. Safe to call any number of times.
 */
export async function syncOrder(db: Database, order: Order): Promise<Order> {
  if (!order.providerRef || FINAL_ORDER_STATES.includes(order.state)) return order;
  const provider = await getPaymentProvider(db);
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
export async function handlePaymentNotice(db: Database, paymentId: string): Promise<void> {
  const provider = await getPaymentProvider(db);
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
    // Money owed to the member: retried with backoff for about a day while the provider refuses.
    await enqueueJob(
      tx,
      REFUND_JOB,
      { order: order.id },
      { uniqueKey: `${REFUND_JOB}:${order.id}`, maxAttempts: 12 },
    );
    return withdrawn ?? order;
  });
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
async function applyMoneyReturned(
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
export async function refundWithdrawnOrder(db: Database, orderId: number): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.state !== "refunded" || !order.providerRef) return;
  const provider = await getPaymentProvider(db);
  if (provider.id !== order.provider) {
    throw new Error(`order ${orderId} was paid through ${order.provider}, not ${provider.id}`);
  }
  await provider.refund(
    order.providerRef,
    order.amount,
    order.currency,
    `refund-order-${order.id}`,
  );
}
