import { and, desc, eq, lt, sql } from "drizzle-orm";
import {
  FINAL_ORDER_STATES,
  type OrderState,
  type OrderView,
  type PaymentMethod,
} from "../../contract/payments";
import type { Locale } from "../../i18n/locales";
import { currencyFor, findPackage } from "../credits/packages";
import { changeCredits, orderReference } from "../credits/service";
import type { Database } from "../db/client";
import { enqueueJob } from "../jobs/service";
import { getEnv } from "../lib/env";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { offeredMethods } from "./methods";
import { createMollieProvider } from "./mollie";
import { orderStateOf, type PaymentProvider, type ProviderPayment } from "./provider";
import { createSandboxProvider } from "./sandbox";
import { type Order, orders } from "./schema";

/** The job that e-mails a completed order's receipt (payments/receipt.ts). */
export const RECEIPT_MAIL_JOB = "payments.receipt-mail";
/** The job that asks the provider about a payment after it told us of a change. */
export const PAYMENT_SYNC_JOB = "payments.sync";

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
export type Buyer = { userId: number; country: string | null; locale: Locale };

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
  choice: { packageId: number; method: PaymentMethod },
): Promise<Order> {
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(choice.packageId, currency);
  if (!offered) throw notFound("payments.error.packageNotFound");
  if (!methods.includes(choice.method)) {
    throw new ValidationError({ method: { key: "payments.error.methodNotOffered" } });
  }
  const provider = await getPaymentProvider(db);
  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.userId,
      siteId: site.id,
      packageId: offered.id,
      credits: offered.credits,
      amount: offered.amount,
      currency,
      method: choice.method,
      provider: provider.id,
      locale: buyer.locale,
    })
    .returning();
  if (!order) throw new Error("order not created");
  try {
    const payment = await provider.createPayment({
      orderId: order.id,
      amount: order.amount,
      currency,
      method: choice.method,
      description: `${site.name} ${order.credits} credits #${order.id}`,
      locale: buyer.locale,
      redirectUrl: `${site.origin}/transactions/${order.id}`,
      webhookUrl: `${site.origin}${WEBHOOK_PATH}`,
    });
    const [handed] = await db
      .update(orders)
      .set({ providerRef: payment.id, checkoutUrl: payment.checkoutUrl, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return handed ?? order;
  } catch (error) {
    console.error(`order ${order.id}: the provider refused the payment:`, error);
    await db
      .update(orders)
      .set({ state: "failed", updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    throw new ApiError(502, "payment_unavailable", "payments.error.unavailable");
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

/**
 * design §9: what a provider reports about a payment, applied to its order, once. The order's
 * row is locked, so two reports of one payment (a webhook twice, a webhook and the member's
 * return) take turns; the state only moves forward (a late 'pending' after 'paid' changes
 * nothing); completing credits the package, makes the member premium (spec §6) and queues the
 * receipt, in the same transaction as the state. A payment that does not match its order
 * (another amount or currency) is never believed.
 *
 * @returns the order as it is now
 */
export async function applyPayment(
  db: Database,
  orderId: number,
  payment: ProviderPayment,
  now = new Date(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("payments.error.orderNotFound");
    if (payment.id !== order.providerRef) {
      throw new Error(`order ${orderId}: payment ${payment.id} is not its payment`);
    }
    if (payment.amount !== order.amount || payment.currency !== order.currency) {
      throw new Error(
        `order ${orderId}: payment ${payment.id} is for ${payment.amount} ${payment.currency}, not ${order.amount} ${order.currency}`,
      );
    }
    const next = orderStateOf(payment.status);
    if (STATE_RANK[next] <= STATE_RANK[order.state] || FINAL_ORDER_STATES.includes(order.state)) {
      return order;
    }
    const completed = next === "completed";
    const [changed] = await tx
      .update(orders)
      .set({
        state: next,
        updatedAt: now,
        ...(completed ? { completedAt: now, creditedAt: now } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (completed) {
      await changeCredits(tx, order.userId, order.credits, "purchase", orderReference(order.id));
      await tx.update(users).set({ paidUser: true }).where(eq(users.id, order.userId));
      await enqueueJob(
        tx,
        RECEIPT_MAIL_JOB,
        { order: order.id },
        { uniqueKey: `${RECEIPT_MAIL_JOB}:${order.id}` },
      );
    }
    return changed ?? order;
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
  return applyPayment(db, order.id, payment);
}

/**
 * A provider's webhook names a payment, nothing more (design §2: never believe its body): find
 * its order and ask the provider. An unknown id is ignored, as the provider may retry a payment
 * that was never ours.
 */
export async function handlePaymentNotice(db: Database, paymentId: string): Promise<void> {
  const provider = await getPaymentProvider(db);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider.id), eq(orders.providerRef, paymentId)));
  if (!order) return;
  await syncOrder(db, order);
}
