import { and, desc, eq, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import { profileExists } from "../profiles/viewer";
import { blocks } from "./schema";

type BlockHook = (db: Database, profileIds: [number, number]) => Promise<void>;
const blockHooks: BlockHook[] = [];

/**
 * Lets a feature above this one follow blocks as they change (chat: a block closes the pair's
 * conversation, so both members' lists change). Called with the writer's transaction.
 */
export function onBlocksChanged(hook: BlockHook): void {
  blockHooks.push(hook);
}

async function blocksChanged(db: Database, a: number, b: number) {
  for (const hook of blockHooks) await hook(db, [a, b]);
}

/** spec §6: a member blocks another. Blocking twice is the same as once. */
export async function blockProfile(
  db: Database,
  blockerProfileId: number,
  blockedProfileId: number,
) {
  if (blockerProfileId === blockedProfileId) {
    throw new ApiError(422, "cannot_block_self", "block.error.self");
  }
  if (!(await profileExists(db, blockedProfileId))) throw notFound("error.profileUnavailable");
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(blocks)
      .values({ blockerProfileId, blockedProfileId })
      .onConflictDoNothing()
      .returning({ id: blocks.blockedProfileId });
    if (added.length) await blocksChanged(tx, blockerProfileId, blockedProfileId);
  });
}

export async function unblockProfile(
  db: Database,
  blockerProfileId: number,
  blockedProfileId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(blocks)
      .where(
        and(
          eq(blocks.blockerProfileId, blockerProfileId),
          eq(blocks.blockedProfileId, blockedProfileId),
        ),
      )
      .returning({ id: blocks.blockedProfileId });
    if (removed.length) await blocksChanged(tx, blockerProfileId, blockedProfileId);
  });
}

/** Whether `blockerProfileId` has blocked `blockedProfileId`. */
export async function hasBlocked(
  db: Database,
  blockerProfileId: number,
  blockedProfileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      and(
        eq(blocks.blockerProfileId, blockerProfileId),
        eq(blocks.blockedProfileId, blockedProfileId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether either of two members has blocked the other: then neither can write to the other. */
export async function isBlockedBetween(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerProfileId, a), eq(blocks.blockedProfileId, b)),
        and(eq(blocks.blockerProfileId, b), eq(blocks.blockedProfileId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses contact (a message, a like, a gift) between two members when either blocked the
 * other (spec §6). The answer is the same as for a missing profile, so a blocked member does not
 * learn who blocked them.
 */
export async function assertNotBlocked(db: Database, from: number, to: number): Promise<void> {
  if (await isBlockedBetween(db, from, to)) throw notFound("error.profileUnavailable");
}

/**
 * A filter for lists of profiles (search, related profiles): leaves out everyone the viewer
 * blocked and everyone who blocked the viewer. Written as NOT IN over the viewer's blocks in both
 * directions (two index lookups, hashed once per statement), not as NOT EXISTS with an OR, which
 * PostgreSQL can only run as a nested loop per candidate row (bench: the search's capped count
 * took 13 ms instead of 6). Both columns are NOT NULL, so NOT IN means what it says.
 */
export function notBlockedWith(viewerProfileId: number | Placeholder, profileId: AnyPgColumn): SQL {
  return sql`${profileId} not in (${blockedEitherWay(viewerProfileId)})`;
}

/**
 * The profiles that `profileId`'s member blocked or was blocked by, as an array column (one
 * twice where both blocked each other): what notBlockedWith leaves out, read once with the
 * member's session (auth/session.ts) so that a shared first page of the member search can leave
 * them out in memory (search/service.ts).
 */
export function profilesBlockedWith(profileId: AnyPgColumn): SQL<number[]> {
  return sql<number[]>`array(${blockedEitherWay(profileId)})`;
}

/** The profiles a profile blocked, then those that blocked it: one index lookup each. */
function blockedEitherWay(profileId: number | Placeholder | AnyPgColumn): SQL {
  return sql`
    select ${blocks.blockedProfileId} from ${blocks} where ${blocks.blockerProfileId} = ${profileId}
    union all
    select ${blocks.blockerProfileId} from ${blocks} where ${blocks.blockedProfileId} = ${profileId}
  `;
}

/**
 * notBlockedWith keyed by accounts, for the tables that are (chat's conversations): leaves out
 * every account whose profile the viewer's account blocked or was blocked by. An erased member
 * has no profile, so no block: their conversation stays, as the chat list shows it.
 */
export function notBlockedWithAccount(viewerUserId: number, userId: AnyPgColumn): SQL {
  return sql`${userId} not in (
    select them.user_id from ${blocks}
      join ${profiles} me on me.id = ${blocks.blockerProfileId}
      join ${profiles} them on them.id = ${blocks.blockedProfileId}
      where me.user_id = ${viewerUserId}
    union all
    select them.user_id from ${blocks}
      join ${profiles} me on me.id = ${blocks.blockedProfileId}
      join ${profiles} them on them.id = ${blocks.blockerProfileId}
      where me.user_id = ${viewerUserId}
  )`;
}

/**
 * The block rule (ARCHITECTURE.md, blocks): what a member cannot see is never counted or
 * delivered. A profile is shown to a viewer when it is active (not unconfirmed, hidden or going)
 * and neither blocked the other; every list of members, and every count of what such a list
 * holds (the likes badge beside the likes list), filters with this one condition. Needs
 * `profiles` in the query.
 */
export function shownTo(viewerProfileId: number): SQL {
  return sql`(${profiles.status} = 'active' and ${notBlockedWith(viewerProfileId, profiles.id)})`;
}

/** The members a member blocked, newest first (for the data export). */
export async function findBlockedProfiles(db: Database, blockerProfileId: number) {
  return db
    .select({ profile_id: blocks.blockedProfileId, created_at: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerProfileId, blockerProfileId))
    .orderBy(desc(blocks.createdAt));
}
