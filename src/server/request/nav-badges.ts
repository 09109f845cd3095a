import { sql } from "drizzle-orm";
import { unreadTotalQuery } from "../chat/unread";
import { type Database, executeRows } from "../db/client";
import { unseenMatchPartnerQuery } from "../discovery/matches";
import { newLikesQuery } from "../likes/service";
import { codeTaken } from "../payments/discounts";

export type NavBadges = {
  /** Unread messages over the member's listed conversations (spec §2: the messages badge). */
  unreadMessages: number;
  /** Likes the member has not looked at (spec §2: the likes badge). */
  newLikes: number;
  /** The partner of the oldest match the member has not been shown (issue 13), if any. */
  unseenMatchPartner: number | null;
  /** Whether the member has taken the code the shell offers (memberOfferCode); null if none. */
  offerCodeTaken: boolean | null;
  /** Whether they have taken the running time bonus (memberTimeBonusCode); null if none. */
  timeBonusTaken: boolean | null;
};

/**
 * What every member page's shell shows from the first paint, in one statement: each value is
 * its own query's rules as a scalar subquery (unreadTotal, countNewLikes, findUnseenMatch, and
 * codeTaken for the offer of a member who has not paid: memberOfferCode). Five statements were
 * five round trips per page, each parsed and planned on its own, each waiting for the event loop
 * between them (issue 11: every statement cost the embedded engine about a millisecond).
 */
export async function loadNavBadges(
  db: Database,
  member: {
    userId: number;
    profileId: number | null;
    offerCode?: string | null;
    timeBonusCode?: string | null;
  },
): Promise<NavBadges> {
  const { profileId, offerCode = null, timeBonusCode = null } = member;
  const likes = profileId === null ? sql`0` : sql`(${newLikesQuery(db, profileId)})`;
  const match =
    profileId === null ? sql`null::int` : sql`(${unseenMatchPartnerQuery(db, profileId)})`;
  const taken = offerCode === null ? sql`null::boolean` : codeTaken(db, member.userId, offerCode);
  const bonus =
    timeBonusCode === null ? sql`null::boolean` : codeTaken(db, member.userId, timeBonusCode);
  type Row = {
    unread: number | null;
    likes: number | null;
    match: number | null;
    taken: boolean | null;
    bonus: boolean | null;
  };
  const [row] = await executeRows<Row>(
    db,
    sql`select (${unreadTotalQuery(db, member.userId)}) as unread, ${likes} as likes, ${match} as match, ${taken} as taken, ${bonus} as bonus`,
  );
  return {
    unreadMessages: row?.unread ?? 0,
    newLikes: row?.likes ?? 0,
    unseenMatchPartner: row?.match ?? null,
    offerCodeTaken: row?.taken ?? null,
    timeBonusTaken: row?.bonus ?? null,
  };
}
