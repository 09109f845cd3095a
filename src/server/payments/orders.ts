import { and, desc, eq, lt, sql } from "drizzle-orm";
import { discounted, type PaymentMethod } from "../../contract/payment-options";
import type { OrderView } from "../../contract/payments";
import type { Locale } from "../../i18n/locales";
import { currencyFor, findPackage } from "../credits/packages";
import type { Database } from "../db/client";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { assertEmailConfirmed } from "../users/service";
import { syncOrder } from "./crediting";
import { directDebitRefusal, directDebitRefused } from "./direct-debit-limits";
import { type CodeHolder, type Discount, discountFor } from "./discounts";
import { offeredMethods } from "./methods";
import type { PaymentProvider } from "./provider";
import { type Order, orders } from "./schema";

/*
 * Placing orders (issue 14): the price from the price list, the order row, the provider's
 * payment; and finding a member's orders. What the provider then reports is applied in
 * crediting.ts; money given back is money-returned.ts.
 */

/** The webhook path the providers call (payments/routes.ts), on the site's origin. */
export const WEBHOOK_PATH = "/api/payment-webhook.php";

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
  provider: PaymentProvider,
  site: Site,
  buyer: Buyer,
  choice: { packageId: number; method: PaymentMethod; code?: string; consentedAt: Date },
): Promise<Order> {
  // Money waits for a confirmed address (the unconfirmed-account rule, users/service.ts).
  await assertEmailConfirmed(db, buyer.userId);
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(site, choice.packageId, currency);
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
  return placeOrder(
    db,
    provider,
    site,
    buyer,
    offered,
    choice.method,
    "checkout",
    choice.consentedAt,
    { discount },
  );
}

/**
 * issue 14 repeat order (/credits/repeat-order): the member's last completed package again, at
 * today's price in their currency, with the same method. Where the provider can charge the
 * earlier payment's mandate (Mollie recurring, the sandbox) it happens in this one step, with
 * no checkout; elsewhere the order goes to the provider's checkout like any other.
 */
export async function repeatOrder(
  db: Database,
  provider: PaymentProvider,
  site: Site,
  buyer: Buyer,
  consentedAt: Date,
): Promise<Order> {
  await assertEmailConfirmed(db, buyer.userId);
  const last = await findLastCompletedOrder(db, buyer.userId);
  if (!last) throw notFound("payments.error.noRepeat");
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(site, last.packageId, currency);
  if (!offered || !methods.includes(last.method)) throw notFound("payments.error.noRepeat");
  // A direct debit's block and monthly limit are checked where the order is made (insertOrder).
  return placeOrder(db, provider, site, buyer, offered, last.method, "repeat", consentedAt, {
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
  provider: PaymentProvider,
  site: Site,
  buyer: Buyer,
  offered: Offered,
  method: PaymentMethod,
  how: "checkout" | "repeat",
  consentedAt: Date,
  { previous, discount }: { previous?: Order; discount?: Discount | null },
): Promise<Order> {
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
        return charged ? syncOrder(db, provider, charged) : order;
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
