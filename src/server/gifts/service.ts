import { desc, eq } from "drizzle-orm";
import type { Gift } from "../../contract/chat-options";
import type { Database } from "../db/client";
import { gifts } from "./schema";

export { GIFTS, type Gift } from "../../contract/chat-options";

/**
 * Records a gift sent (spec §1). Chat sends it as a message and takes the credits in the same
 * transaction (chat/gifts.ts).
 */
export async function recordGift(
  db: Database,
  senderProfileId: number,
  recipientProfileId: number,
  gift: Gift,
  credits: number,
): Promise<void> {
  await db.insert(gifts).values({ senderProfileId, recipientProfileId, gift, credits });
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
