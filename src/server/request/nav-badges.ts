import { sql } from "drizzle-orm";
import { unreadTotalQuery } from "../chat/service";
import type { Database } from "../db/client";
import { unseenMatchPartnerQuery } from "../discovery/matches";
import { newLikesQuery } from "../likes/service";

export type NavBadges = {
  /** Unread messages over the member's listed conversations (spec §2: the messages badge). */
  unreadMessages: number;
  /** Likes the member has not looked at (spec §2: the likes badge). */
  newLikes: number;
  /** The partner of the oldest match the member has not been shown (issue 13), if any. */
  unseenMatchPartner: number | null;
};

/**
 * What every member page's navigation shows from the first paint, in one statement: each count
 * is its own query's rules as a scalar subquery (unreadTotal, countNewLikes, findUnseenMatch).
 * Three statements were three round trips to the database per page, each waiting for the event
 * loop between them (issue 11: the embedded engine's one connection sat idle in between).
 */
export async function loadNavBadges(
  db: Database,
  member: { userId: number; profileId: number | null },
): Promise<NavBadges> {
  const { profileId } = member;
  const likes = profileId === null ? sql`0` : sql`(${newLikesQuery(db, profileId)})`;
  const match =
    profileId === null ? sql`null::int` : sql`(${unseenMatchPartnerQuery(db, profileId)})`;
  const result = await db.execute(
    sql`select (${unreadTotalQuery(db, member.userId)}) as unread, ${likes} as likes, ${match} as match`,
  );
  // Both engines answer through node-postgres (db/client.ts): its result has the rows.
  type Row = { unread: number | null; likes: number | null; match: number | null };
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return {
    unreadMessages: row?.unread ?? 0,
    newLikes: row?.likes ?? 0,
    unseenMatchPartner: row?.match ?? null,
  };
}
