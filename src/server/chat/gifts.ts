import type { Gift } from "../../contract/chat-options";
import type { GiftAnswer } from "../../contract/profiles";
import type { Database } from "../db/client";
import { recordGift } from "../gifts/service";
import { ApiError } from "../lib/errors";
import type { MemberViewer } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { emailUnconfirmed } from "../users/service";
import { openConversation } from "./conversations";
import { postMessage } from "./messages";
import { assertCanReceive } from "./sides";

/**
 * Sends a gift (spec §1: paid with `gift_credits`): a gift message in the conversation with the
 * member, the gift's record and the credits, in one transaction.
 */
export async function sendGift(
  db: Database,
  site: Site,
  me: MemberViewer & { confirmed: boolean },
  recipientProfileId: number,
  gift: Gift,
): Promise<GiftAnswer> {
  if (me.profileId === recipientProfileId) {
    throw new ApiError(422, "cannot_gift_self", "gift.error.self");
  }
  // A gift reaches another member: it waits for the sender's confirmation (users/service.ts).
  if (!me.confirmed) throw emailUnconfirmed();
  // Refused as a message to them is, before the conversation is looked for.
  await assertCanReceive(db, recipientProfileId);
  const conversation = await openConversation(db, me, recipientProfileId);
  const { credits } = await postMessage(
    db,
    site,
    me,
    conversation,
    { kind: "gift", gift },
    {
      costs: { credits: site.giftCredits, reason: "gift" },
      onStored: (tx) => recordGift(tx, me.profileId, recipientProfileId, gift, site.giftCredits),
    },
  );
  return { credits };
}
