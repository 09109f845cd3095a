import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
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
import { users } from "../users/schema";
import { assertEmailConfirmed } from "../users/service";
import { blockDirectDebit, directDebitRefusal, directDebitRefused } from "./direct-debit-limits";
import { type CodeHolder, discounted, discountFor } from "./discounts";
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
};

/** Who buys: the member, their site and where they live (their price list and methods). */
export type Buyer = CodeHolder & { email: string; locale: Locale };

/** The currency and methods a member is offered on a site. */
export function offerFor(site: Site, country: string | null) {
  const currency = currencyFor(site, country);
  const home = country && site.countries.includes(country) ? country : (site.countries[0] ?? "");
  return { currency, methods: offeredMethods(home, currency) };
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
      order.state === "open" || order.state === "pending" ? (order.checkoutUrl ?? null) : null,
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
  choice: { packageId: number; method: PaymentMethod; code?: string },
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
  return placeOrder(db, site, buyer, offered, choice.method, "checkout", undefined, discount);
}

/**
 * issue 14 repeat order (/credits/repeat-order): the member's last completed package again, at
 * today's price in their currency, with the same method. Where the provider can charge the
 * earlier payment's mandate (Mollie recurring, the sandbox) it happens in this one step, with
 * no checkout; elsewhere the order goes to the provider's checkout like any other.
 */
export async function repeatOrder(db: Database, site: Site, buyer: Buyer): Promise<Order> {
  await assertEmailConfirmed(db, buyer.userId);
  const last = await findLastCompletedOrder(db, buyer.userId);
  if (!last) throw notFound("payments.error.noRepeat");
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(last.packageId, currency);
  if (!offered || !methods.includes(last.method)) throw notFound("payments.error.noRepeat");
  if (last.method === "sdd") {
    const refusal = await directDebitRefusal(db, site, buyer.userId, offered.amount);
    if (refusal) throw directDebitRefused(refusal);
  }
  return placeOrder(db, site, buyer, offered, last.method, "repeat", last);
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
 * `db` may be a transaction (the direct debit checks its limit in the one that inserts).
 */
export async function insertOrder(
  db: Database,
  site: Site,
  buyer: Buyer,
  offered: Offered,
  method: PaymentMethod,
  provider: string,
  discount?: { code: string; percent: number } | null,
): Promise<Order> {
  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.userId,
      siteId: site.id,
      packageId: offered.id,
      credits: offered.credits,
      amount: discount ? discounted(offered.amount, discount.percent) : offered.amount,
      listAmount: offered.amount,
      discountCode: discount?.code ?? null,
      discountPercent: discount?.percent ?? null,
      currency: offered.currency,
      method,
      provider,
      locale: buyer.locale,
    })
    .returning();
  if (!order) throw new Error("order not created");
  return order;
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
  previous?: Order,
  discount?: { code: string; percent: number } | null,
): Promise<Order> {
  const provider = await getPaymentProvider(db);
  const order = await insertOrder(db, site, buyer, offered, method, provider.id, discount);
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
    if (!changed) {
      // Nothing to do (a repeat, a late report), or a report that is not believed.
      const [order] = await tx.select().from(orders).where(ours);
      if (order && (payment.amount !== order.amount || payment.currency !== order.currency)) {
        throw new Error(
          `order ${order.id}: payment ${payment.id} is for ${payment.amount} ${payment.currency}, not ${order.amount} ${order.currency}`,
        );
      }
      return order ?? null;
    }
    // A direct debit the bank sent back: the member pays another way from now on.
    if (next === "failed" && changed.method === "sdd") {
      await blockDirectDebit(tx, changed.userId, changed.id);
    }
    if (next === "completed") {
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
      if (changed.discountCode) {
        await tx
          .insert(discountCodeUses)
          .values({ code: changed.discountCode, userId: changed.userId, orderId: changed.id })
          .onConflictDoNothing();
      }
      await enqueueJob(
        tx,
        RECEIPT_MAIL_JOB,
        { order: changed.id },
        { uniqueKey: `${RECEIPT_MAIL_JOB}:${changed.id}` },
      );
    }
    return changed;
  });
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
export type WithdrawalRefusal = "not_completed" | "period_over" | "credits_used";

/**
 * Whether a completed order can still be withdrawn: within the site's refund days of its
 * completion, and with its package untouched. Credits are spent oldest first (the return policy:
 * using a package ends its right of withdrawal), so the package is untouched while what was spent
 * since its purchase is no more than the balance the member had before it.
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
  const [purchase] = await db
    .select({
      id: creditLedger.id,
      before: sql<number>`${creditLedger.balanceAfter} - ${creditLedger.delta}`,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, order.userId),
        eq(creditLedger.reason, "purchase"),
        eq(creditLedger.reference, orderReference(order.id)),
      ),
    );
  if (!purchase) return "not_completed";
  const [later] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, order.userId),
        gt(creditLedger.id, purchase.id),
        lt(creditLedger.delta, 0),
      ),
    );
  return (later?.spent ?? 0) > Number(purchase.before) ? "credits_used" : null;
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
    const taken = await changeCredits(
      tx,
      userId,
      -order.credits,
      "refund",
      orderReference(order.id),
    );
    if (taken === null) {
      throw new ApiError(409, "withdrawal_credits_used", "payments.withdraw.refused.credits_used");
    }
    const [withdrawn] = await tx
      .update(orders)
      .set({ state: "refunded", refundedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const [other] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.state, "completed")))
      .limit(1);
    if (!other) await tx.update(users).set({ paidUser: false }).where(eq(users.id, userId));
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
