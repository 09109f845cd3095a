import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { profiles } from "../profiles/schema";
import type { Site } from "../sites/registry";
import { users } from "../users/schema";
import { clearSignupMessage } from "../users/service";
import { openConversation } from "./conversations";
import { sendTextMessage } from "./messages";

/**
 * spec §3 Signup form draft: the first message a member wrote on another member's landing at
 * signup is sent once the account is activated, as that member's opening message (free: it
 * opens one of their free conversations). The draft is taken once, whatever happens next; a
 * recipient who is gone, blocked or unconfirmed simply does not get it.
 * @returns whether the message was sent
 */
export async function sendSignupMessage(
  db: Database,
  site: Site,
  userId: number,
): Promise<boolean> {
  const draft = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        text: users.signupMessage,
        to: users.signupMessageTo,
        status: users.status,
        paidUser: users.paidUser,
        profileId: profiles.id,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, userId), sql`${users.signupMessage} is not null`))
      .for("update", { of: users });
    if (!row) return null;
    await clearSignupMessage(tx, userId);
    return row;
  });
  if (!draft?.text || draft.to === null || draft.status !== "confirmed") return false;
  const me = {
    userId,
    profileId: draft.profileId,
    isPremium: draft.paidUser,
    confirmed: true,
  };
  try {
    const conversation = await openConversation(db, me, draft.to);
    // Signup took a longer text than a site's messages may be: the start of it is sent.
    const text = [...draft.text].slice(0, site.messageLength).join("");
    await sendTextMessage(db, site, me, conversation, text);
    return true;
  } catch (error) {
    if (error instanceof ApiError || error instanceof ValidationError) return false;
    throw error;
  }
}
