import { and, desc, eq, exists, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  type Currency,
  type PaymentMethod,
  TIME_BONUS,
  WELCOME_DISCOUNT,
} from "../../contract/payment-options";
import type { DiscountCodeView } from "../../contract/payments";
import { type Database, executeRows } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { discountCodes, discountCodeUses, orders } from "./schema";

/** The member a code is checked for, on the site they buy on. */
export type CodeHolder = {
  userId: number;
  siteId: string;
  paidUser: boolean;
  signupDate: Date;
  country: string | null;
};

/** A page's member as a code holder: the session's user, on the request's site. */
export function holderOf(
  user: { id: number; paidUser: boolean; signupDate: Date },
  siteId: string,
  country: string | null,
): CodeHolder {
  return { userId: user.id, siteId, paidUser: user.paidUser, signupDate: user.signupDate, country };
}

type Code = typeof discountCodes.$inferSelect;

const codeNotFound = () => new ApiError(404, "code_not_found", "payments.code.notFound");
const codeUsed = () => new ApiError(409, "code_used", "payments.code.used");
const codeHeld = () => new ApiError(409, "code_held", "payments.code.held");

/**
 * The codes that follow from the member rather than a table: the time bonus (TIMEBONUS25, the
 * first 14 400 s after signup) and the welcome discount (WELCOME25, the first week), both for
 * members who have not paid yet. Null for any other code.
 */
function memberCode(code: string, holder: CodeHolder): Code | null {
  const special =
    code === TIME_BONUS.code
      ? { percent: TIME_BONUS.percent, ms: TIME_BONUS.seconds * 1000 }
      : code === WELCOME_DISCOUNT.code
        ? { percent: WELCOME_DISCOUNT.percent, ms: WELCOME_DISCOUNT.days * 86_400_000 }
        : null;
  if (!special) return null;
  return {
    code,
    id: 0,
    siteId: null,
    userId: holder.userId,
    country: null,
    currency: null,
    valuePercentage: special.percent,
    minimumOrderValue: null,
    paymentMethods: null,
    startsAt: null,
    expiresAt: new Date(holder.signupDate.getTime() + special.ms),
    status: holder.paidUser ? "disabled" : "active",
    createdAt: holder.signupDate,
  };
}

function toView(code: Code, now: Date): DiscountCodeView {
  const left = code.expiresAt
    ? Math.floor((code.expiresAt.getTime() - now.getTime()) / 1000)
    : null;
  return {
    code: code.code,
    country: code.country,
    user_id: code.userId,
    expires: code.expiresAt?.toISOString() ?? null,
    value_percentage: code.valuePercentage,
    currency: code.currency,
    minimum_order_value: code.minimumOrderValue,
    status: code.status,
    validity: left === null ? null : Math.max(0, left),
    expired: left !== null && left <= 0,
    paymentmethods: (code.paymentMethods as PaymentMethod[] | null) ?? null,
  };
}

/** Whether the member used a code: an order of theirs with it completed. */
function codeUsedBy(db: Database, userId: number, code: string): SQL<boolean> {
  const used = db
    .select({ one: sql`1` })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.code, code), eq(discountCodeUses.userId, userId)));
  return sql<boolean>`(${exists(used)})`;
}

/**
 * Whether an unfinished order of the member's holds a code (issue 25): an open one (the member
 * is at the provider's checkout) or a pending one (a direct debit, a bank's confirmation, days
 * perhaps), which has not lost it. The index orders_discount_code_hold_key holds the same rule.
 */
function codeHeldBy(db: Database, userId: number, code: string): SQL<boolean> {
  const holding = db
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.discountCode, code),
        inArray(orders.state, ["open", "pending"]),
        isNull(orders.codeLapsedAt),
      ),
    );
  return sql<boolean>`(${exists(holding)})`;
}

/**
 * Whether the member has taken a code: used it, or an order of theirs holds it. One boolean
 * expression, so that a page's statement can ask it alongside others
 * (src/server/request/nav-badges.ts).
 */
export function codeTaken(db: Database, userId: number, code: string): SQL<boolean> {
  return sql<boolean>`(${or(codeUsedBy(db, userId, code), codeHeldBy(db, userId, code))})`;
}

/**
 * Whether a code works for this member now, before their orders are asked (spec §3): active,
 * within its validity (from `starts_at`, until `expires_at`), on their site, theirs or anyone's,
 * for their country.
 */
export function codeApplies(code: Code, holder: CodeHolder, now: Date): boolean {
  return (
    code.status === "active" &&
    (code.startsAt === null || code.startsAt <= now) &&
    (code.expiresAt === null || code.expiresAt > now) &&
    (code.siteId === null || code.siteId === holder.siteId) &&
    (code.userId === null || code.userId === holder.userId) &&
    (code.country === null || code.country === holder.country)
  );
}

/**
 * A code the member may use (spec §3, §5): 'Code not found' for one that does not exist, is
 * disabled, not yet valid or expired, another site's, another member's, or another market's,
 * all alike (issue 25: a guess learns nothing about other members' codes); 'Code already used'
 * for one the member used before (a completed order with it), and 'held' for one an unfinished
 * order of theirs holds. Both speak of the member's own orders only: uses and holds are per
 * member.
 */
async function usableCode(db: Database, holder: CodeHolder, typed: string, now: Date) {
  const code = typed.trim().toUpperCase();
  const found =
    memberCode(code, holder) ??
    (await db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0];
  if (!found || !codeApplies(found, holder, now)) throw codeNotFound();
  const [row] = await executeRows<{ used: boolean; held: boolean }>(
    db,
    sql`select ${codeUsedBy(db, holder.userId, found.code)} as used, ${codeHeldBy(db, holder.userId, found.code)} as held`,
  );
  if (row?.used) throw codeUsed();
  if (row?.held) throw codeHeld();
  return found;
}

/** GET /api/discountcode.php?code=: the code as the member may use it. */
export async function findDiscountCode(
  db: Database,
  holder: CodeHolder,
  typed: string,
  now = new Date(),
): Promise<DiscountCodeView> {
  return toView(await usableCode(db, holder, typed, now), now);
}

/**
 * GET /api/discountcode.php?welcome=true: the member's own offer, the time bonus first while it
 * runs (spec §4: it takes priority over the welcome discount), else the welcome discount.
 */
export async function findWelcomeCode(
  db: Database,
  holder: CodeHolder,
  now = new Date(),
): Promise<DiscountCodeView> {
  for (const code of [TIME_BONUS.code, WELCOME_DISCOUNT.code]) {
    try {
      return await findDiscountCode(db, holder, code, now);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  throw codeNotFound();
}

/** The offer a page prices with before any code is typed (issue 29 item 2). */
export type RunningOffer = { code: string; percent: number };

/**
 * The member's own offer while it runs, or null: the largest of a code made for them (the
 * retention offer, issue 29 item 6) and the time bonus, else the welcome discount. The
 * checkout, the SEPA page and the package cards price with it, so every place shows the amount
 * the order will ask.
 */
export async function runningOffer(
  db: Database,
  holder: CodeHolder,
  now = new Date(),
): Promise<RunningOffer | null> {
  const own = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.userId, holder.userId),
        eq(discountCodes.status, "active"),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
      ),
    )
    .orderBy(desc(discountCodes.valuePercentage))
    .limit(3);
  const offers: RunningOffer[] = [];
  const attempts = [
    ...own.map((row) => () => findDiscountCode(db, holder, row.code, now)),
    () => findWelcomeCode(db, holder, now),
  ];
  for (const attempt of attempts) {
    try {
      const view = await attempt();
      offers.push({ code: view.code, percent: view.value_percentage });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return offers.reduce<RunningOffer | null>(
    (best, offer) => (best && best.percent >= offer.percent ? best : offer),
    null,
  );
}

/** A code as an order takes it: its percentage, and when it ends (null: it does not). */
export type Discount = { code: string; percent: number; heldUntil: Date | null };

/**
 * The percentage a code takes off this order, or a 422 on the `code` field saying why not: its
 * minimum order value, currency or methods (spec §3), or 'Code not found' / 'Code already used'.
 */
export async function discountFor(
  db: Database,
  holder: CodeHolder,
  typed: string,
  order: { amount: number; currency: Currency; method: PaymentMethod },
  now = new Date(),
): Promise<Discount> {
  let code: Code;
  try {
    code = await usableCode(db, holder, typed, now);
  } catch (error) {
    if (error instanceof ApiError) {
      throw new ValidationError({ code: { key: error.messageKey } });
    }
    throw error;
  }
  if (code.currency !== null && code.currency !== order.currency) {
    throw new ValidationError({ code: { key: "payments.code.currency" } });
  }
  if (code.minimumOrderValue !== null && order.amount < code.minimumOrderValue) {
    throw new ValidationError({ code: { key: "payments.code.minimum" } });
  }
  if (code.paymentMethods && !code.paymentMethods.includes(order.method)) {
    throw new ValidationError({ code: { key: "payments.code.method" } });
  }
  return { code: code.code, percent: code.valuePercentage, heldUntil: code.expiresAt };
}

/** The member as the page shell knows them (the session's member view). */
type OfferHolder = {
  id: number;
  paid_user: boolean;
  signup_date: string;
  profile: { country: string } | null;
};

/**
 * The code the page shell must ask about for a member who has not paid yet (issue 14): the
 * welcome discount, in its first week; null when nothing can be offered (paid, or past the
 * week), and then no query at all.
 */
export function memberOfferCode(member: OfferHolder, now = new Date()): string | null {
  const since = now.getTime() - new Date(member.signup_date).getTime();
  return member.paid_user || since > WELCOME_DISCOUNT.days * 86_400_000
    ? null
    : WELCOME_DISCOUNT.code;
}

/**
 * The time bonus's code while it runs for a member who has not paid (its first four hours), so
 * the page shell asks whether an order took it; null otherwise.
 */
export function memberTimeBonusCode(member: OfferHolder, now = new Date()): string | null {
  const since = now.getTime() - new Date(member.signup_date).getTime();
  return member.paid_user || since >= TIME_BONUS.seconds * 1000 ? null : TIME_BONUS.code;
}

/**
 * What the page shell offers a member who has not paid yet (issue 14): whether their time bonus
 * or welcome discount could show, once the page's one statement said whether they have taken
 * the welcome code and the time bonus (codeTaken: used, or held by an unfinished order; issue
 * 29 item 12: a banner never advertises a code already taken). Null when memberOfferCode is.
 */
export function memberOffer(
  member: OfferHolder,
  taken: { welcome: boolean; timeBonus: boolean },
  now = new Date(),
): { welcome: DiscountCodeView | null; timeBonusTaken: boolean } | null {
  if (memberOfferCode(member, now) === null) return null;
  const code = memberCode(WELCOME_DISCOUNT.code, {
    userId: member.id,
    siteId: "",
    paidUser: member.paid_user,
    signupDate: new Date(member.signup_date),
    country: member.profile?.country ?? null,
  });
  const usable =
    code !== null && !taken.welcome && (code.expiresAt === null || code.expiresAt > now);
  return { welcome: usable ? toView(code, now) : null, timeBonusTaken: taken.timeBonus };
}
