import { desc, eq } from "drizzle-orm";
import type { GiftAnswer } from "../../contract/profiles";
import { assertNotBlocked } from "../blocks/service";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profileExists } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { spendCredits } from "../users/service";
import { gifts } from "./schema";

/** The virtual gifts a member can send; labels are `gift.<id>` in the catalogues. */
export const GIFTS = ["rose", "heart", "chocolate", "champagne", "teddy"] as const;
export type Gift = (typeof GIFTS)[number];

/**
 * Sends a gift (spec §1: paid with credits, `gift_credits` of the site). The credits are taken
 * and the gift recorded in one transaction; chat shows gifts as messages in the chat issue.
 */
export async function sendGift(
  db: Database,
  site: Site,
  sender: { userId: number; profileId: number },
  recipientProfileId: number,
  gift: Gift,
): Promise<GiftAnswer> {
  if (sender.profileId === recipientProfileId) {
    throw new ApiError(422, "cannot_gift_self", "gift.error.self");
  }
  if (!(await profileExists(db, recipientProfileId))) throw notFound("error.profileUnavailable");
  await assertNotBlocked(db, sender.profileId, recipientProfileId);
  return db.transaction(async (tx) => {
    const credits = await spendCredits(tx, sender.userId, site.giftCredits);
    if (credits === null) {
      throw new ApiError(402, "not_enough_credits", "error.notEnoughCredits", {
        count: site.giftCredits,
      });
    }
    await tx.insert(gifts).values({
      senderProfileId: sender.profileId,
      recipientProfileId,
      gift,
      credits: site.giftCredits,
    });
    return { credits };
  });
}

/** The gifts a member sent, newest first (for the data export). */
export async function findGiftsSent(db: Database, senderProfileId: number) {
  return db
    .select({
      profile_id: gifts.recipientProfileId,
      gift: gifts.gift,
      credits: gifts.credits,
      created_at: gifts.createdAt,
    })
    .from(gifts)
    .where(eq(gifts.senderProfileId, senderProfileId))
    .orderBy(desc(gifts.createdAt));
}
