import { sql } from "drizzle-orm";
import { unreadTotalQuery } from "../chat/unread";
import type { Database } from "../db/client";
import { preparedRows } from "../db/prepared";
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

type Row = {
  unread: number | null;
  likes: number | null;
  match: number | null;
  taken: boolean | null;
  bonus: boolean | null;
};

/** The values of the badges' statement (a shape's unused ones stay out of its text). */
type BadgeValues = { userId: number; profileId: number; offerCode: string; timeBonusCode: string };

/** The statement's shapes: with a profile or not, an offer code to ask about, a time bonus. */
const statements = new Map<string, (db: Database, values: BadgeValues) => Promise<Row[]>>();

function badgesStatement(shape: { profile: boolean; offer: boolean; bonus: boolean }) {
  const name = `nav_badges_${Number(shape.profile)}${Number(shape.offer)}${Number(shape.bonus)}`;
  let statement = statements.get(name);
  if (!statement) {
    statement = preparedRows<Row, BadgeValues>(name, (db, v) => {
      const likes = shape.profile ? sql`(${newLikesQuery(db, v.profileId)})` : sql`0`;
      const match = shape.profile
        ? sql`(${unseenMatchPartnerQuery(db, v.profileId)})`
        : sql`null::int`;
      const taken = shape.offer ? codeTaken(db, v.userId, v.offerCode) : sql`null::boolean`;
      const bonus = shape.bonus ? codeTaken(db, v.userId, v.timeBonusCode) : sql`null::boolean`;
      return sql`select (${unreadTotalQuery(db, v.userId)}) as unread, ${likes} as likes, ${match} as match, ${taken} as taken, ${bonus} as bonus`;
    });
    statements.set(name, statement);
  }
  return statement;
}

/**
 * What every member page's shell shows from the first paint, in one statement: each value is
 * its own query's rules as a scalar subquery (unreadTotal, countNewLikes, findUnseenMatch, and
 * codeTaken for the offer of a member who has not paid: memberOfferCode). Five statements were
 * five round trips per page, each parsed and planned on its own, each waiting for the event loop
 * between them (issue 11: every statement cost the embedded engine about a millisecond). Its
 * text is built once a shape and sent prepared (db/prepared.ts, issue 30 item 1).
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
  const statement = badgesStatement({
    profile: profileId !== null,
    offer: offerCode !== null,
    bonus: timeBonusCode !== null,
  });
  const [row] = await statement(db, {
    userId: member.userId,
    profileId: profileId ?? 0,
    offerCode: offerCode ?? "",
    timeBonusCode: timeBonusCode ?? "",
  });
  return {
    unreadMessages: row?.unread ?? 0,
    newLikes: row?.likes ?? 0,
    unseenMatchPartner: row?.match ?? null,
    offerCodeTaken: row?.taken ?? null,
    timeBonusTaken: row?.bonus ?? null,
  };
}
