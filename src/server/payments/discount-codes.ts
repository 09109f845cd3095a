import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Currency, PaymentMethod } from "../../contract/payment-options";
import { TIME_BONUS, WELCOME_DISCOUNT } from "../../contract/payment-options";
import type {
  DiscountCodesAnswer,
  DiscountCodesQuery,
  DiscountUsage,
  NewDiscountCode,
  StaffDiscountCode,
} from "../../contract/staff-discounts";
import type { DiscountCodeState } from "../../contract/staff-options";
import type { Database } from "../db/client";
import { discountCodes, orders } from "./schema";

/*
 * issue 28 item 3: the discount_codes table as the console sees it: a page of codes with what
 * their orders brought, a new code, a code disabled. Only this folder writes the table; the
 * staff service (staff/discounts.ts) checks the permission and writes the audit row in the same
 * transaction.
 */

type CodeRow = typeof discountCodes.$inferSelect;

/** The codes that are not rows (payments/discounts.ts memberCode), for the console. */
export const BUILTIN_CODES = [
  { code: TIME_BONUS.code, kind: "time_bonus", value_percentage: TIME_BONUS.percent },
  { code: WELCOME_DISCOUNT.code, kind: "welcome", value_percentage: WELCOME_DISCOUNT.percent },
] as const;

/** A code's state now: its status, then its validity window. */
export function codeState(row: CodeRow, now: Date): DiscountCodeState {
  if (row.status === "disabled") return "disabled";
  if (row.startsAt !== null && row.startsAt > now) return "scheduled";
  if (row.expiresAt !== null && row.expiresAt <= now) return "expired";
  return "active";
}

/** The rows in a state now, as SQL (the list's filter). */
function inState(state: DiscountCodeState, now: Date): SQL | undefined {
  const live = eq(discountCodes.status, "active");
  switch (state) {
    case "disabled":
      return eq(discountCodes.status, "disabled");
    case "scheduled":
      return and(live, gt(discountCodes.startsAt, now));
    case "expired":
      return and(live, lte(discountCodes.expiresAt, now));
    case "active":
      return and(
        live,
        or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
      );
  }
}

const NO_USE: DiscountUsage = { orders: 0, revenue: [] };

/**
 * What the paid orders with these codes brought, on one site or all: one grouped statement on
 * orders_discount_code_idx (the paid orders of the codes, by site). Revenue is what was paid
 * less what went back (refunds, chargebacks), per currency.
 */
export async function codeUsage(
  db: Database,
  codes: readonly string[],
  siteId?: string,
): Promise<Map<string, DiscountUsage>> {
  const usage = new Map<string, DiscountUsage>();
  if (codes.length === 0) return usage;
  const rows = await db
    .select({
      code: orders.discountCode,
      currency: orders.currency,
      orders: sql<number>`count(*)::integer`,
      amount: sql<string>`sum(greatest(${orders.amount} - ${orders.refundedAmount} - ${orders.chargedBackAmount}, 0))`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.discountCode, [...codes]),
        isNotNull(orders.completedAt),
        siteId === undefined ? undefined : eq(orders.siteId, siteId),
      ),
    )
    .groupBy(orders.discountCode, orders.currency)
    .orderBy(orders.currency);
  for (const row of rows) {
    if (!row.code) continue;
    const entry = usage.get(row.code) ?? { orders: 0, revenue: [] };
    entry.orders += Number(row.orders);
    entry.revenue.push({ currency: row.currency as Currency, amount: Number(row.amount) });
    usage.set(row.code, entry);
  }
  return usage;
}

export function toStaffCode(
  row: CodeRow,
  usage: DiscountUsage | undefined,
  now: Date,
): StaffDiscountCode {
  return {
    id: row.id,
    code: row.code,
    site: row.siteId,
    country: row.country,
    currency: row.currency,
    user_id: row.userId,
    value_percentage: row.valuePercentage,
    minimum_order_value: row.minimumOrderValue,
    payment_methods: (row.paymentMethods as PaymentMethod[] | null) ?? null,
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: row.status,
    state: codeState(row, now),
    created_at: row.createdAt.toISOString(),
    usage: usage ?? NO_USE,
  };
}

/**
 * The console's list: codes newest first (keyset on the id, discount_codes_id_key), those that
 * work on `site` (its own and every site's) and in `status` now; each with its usage on that
 * site (or all); and the built-in codes with theirs.
 */
export async function listDiscountCodes(
  db: Database,
  query: DiscountCodesQuery,
  now = new Date(),
): Promise<DiscountCodesAnswer> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        query.site === undefined
          ? undefined
          : or(isNull(discountCodes.siteId), eq(discountCodes.siteId, query.site)),
        query.status === undefined ? undefined : inState(query.status, now),
        query.cursor === undefined ? undefined : lt(discountCodes.id, Number(query.cursor)),
      ),
    )
    .orderBy(desc(discountCodes.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const usage = await codeUsage(
    db,
    [...page.map((row) => row.code), ...BUILTIN_CODES.map((entry) => entry.code)],
    query.site,
  );
  const last = page.at(-1);
  return {
    codes: page.map((row) => toStaffCode(row, usage.get(row.code), now)),
    builtin: BUILTIN_CODES.map((entry) => ({ ...entry, usage: usage.get(entry.code) ?? NO_USE })),
    next_cursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/** Stores a new code; null when the code exists already (one statement: no race). */
export async function insertDiscountCode(
  db: Database,
  values: NewDiscountCode,
  now = new Date(),
): Promise<CodeRow | null> {
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: values.code,
      siteId: values.site,
      country: values.country,
      currency: values.currency,
      userId: values.user_id,
      valuePercentage: values.value_percentage,
      minimumOrderValue: values.minimum_order_value,
      paymentMethods: values.payment_methods,
      startsAt: values.starts_at ? new Date(values.starts_at) : now,
      expiresAt: values.expires_at ? new Date(values.expires_at) : null,
    })
    .onConflictDoNothing({ target: discountCodes.code })
    .returning();
  return row ?? null;
}

/** The code, locked for a change in the caller's transaction; undefined when there is none. */
export async function lockDiscountCode(db: Database, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .for("update");
  return row;
}

/** Disables a code: from now on it is 'Code not found' at checkout. */
export async function markCodeDisabled(db: Database, code: string): Promise<CodeRow> {
  const [row] = await db
    .update(discountCodes)
    .set({ status: "disabled" })
    .where(eq(discountCodes.code, code))
    .returning();
  if (!row) throw new Error(`no discount code ${code}`);
  return row;
}
