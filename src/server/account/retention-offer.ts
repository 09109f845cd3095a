import { randomInt } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import type { DiscountCodeView } from "../../contract/payments";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { insertDiscountCode } from "../payments/discount-codes";
import { findDiscountCode, holderOf } from "../payments/discounts";
import { discountCodes } from "../payments/schema";
import { getCompany, type Site } from "../sites/registry";
import { users } from "../users/schema";

/*
 * Issue 29 item 6 (spec §1, §3 Company info delete_discount): a member about to delete their
 * account is offered delete_discount % off their next credit package. Keeping the account takes
 * the offer: a code of their own, once, for RETENTION_DAYS; the checkout applies it by itself
 * (payments/discounts.ts runningOffer), and it can be typed like any code.
 */

/** How long the retention code runs. */
export const RETENTION_DAYS = 30;
/** Retention codes begin so: STAY and eight letters and digits no one misreads. */
export const RETENTION_PREFIX = "STAY";
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newCode(): string {
  let code = RETENTION_PREFIX;
  for (let index = 0; index < 8; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const noOffer = () => new ApiError(404, "no_retention_offer", "settings.delete.noOffer");
const offerTaken = () => new ApiError(409, "retention_offer_taken", "settings.delete.offerTaken");

/** The member's retention code, whatever its state (the index discount_codes_user_key). */
async function retentionCodeOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), like(discountCodes.code, `${RETENTION_PREFIX}%`)))
    .orderBy(desc(discountCodes.createdAt))
    .limit(1);
  return row?.code ?? null;
}

/**
 * The retention offer the deletion section may show this member, in percent: the company's
 * (0: none), unless the member had theirs already and used it or let it run out.
 */
export async function retentionOfferFor(
  db: Database,
  site: Site,
  user: { id: number; paidUser: boolean; signupDate: Date },
  country: string | null,
  now = new Date(),
): Promise<number> {
  const percent = getCompany(site).deleteDiscount;
  if (percent <= 0) return 0;
  const code = await retentionCodeOf(db, user.id);
  if (!code) return percent;
  try {
    return (await findDiscountCode(db, holderOf(user, site.id, country), code, now))
      .value_percentage;
  } catch (error) {
    if (error instanceof ApiError) return 0;
    throw error;
  }
}

/**
 * POST /api/retention-offer.php: the member's retention code, made the first time and the same
 * code after (a second tap, another tab, a retried request): one code a member, ever. 404 when
 * the site's company makes no such offer; 409 retention_offer_taken when the member's code was
 * used or ran out.
 */
export async function takeRetentionOffer(
  db: Database,
  site: Site,
  user: { id: number; paidUser: boolean; signupDate: Date },
  country: string | null,
  now = new Date(),
): Promise<DiscountCodeView> {
  const percent = getCompany(site).deleteDiscount;
  if (percent <= 0) throw noOffer();
  const holder = holderOf(user, site.id, country);
  const code = await db.transaction(async (tx) => {
    // One member's taps take turns: the second finds the first one's code.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const had = await retentionCodeOf(tx, user.id);
    if (had) return had;
    const made = await insertDiscountCode(
      tx,
      {
        code: newCode(),
        site: site.id,
        country: null,
        currency: null,
        user_id: user.id,
        value_percentage: percent,
        minimum_order_value: null,
        payment_methods: null,
        starts_at: null,
        expires_at: new Date(now.getTime() + RETENTION_DAYS * 86_400_000).toISOString(),
      },
      now,
    );
    if (!made) throw new Error("the retention code was not written");
    return made.code;
  });
  // Looked up no earlier than it was made: a tap that waited for another's turn began before
  // the code it finds, which starts when it was made.
  const at = new Date(Math.max(now.getTime(), Date.now()));
  try {
    return await findDiscountCode(db, holder, code, at);
  } catch (error) {
    // Used, or run out: the offer was the member's once.
    if (error instanceof ApiError && error.code !== "code_held") throw offerTaken();
    throw error;
  }
}
