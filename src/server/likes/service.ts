import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isBlockedBetween, shownTo } from "../blocks/service";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { forgetMember } from "../events/member-cache";
import { nudgeJobRunners } from "../jobs/runner";
import { enqueueJob } from "../jobs/service";
import { ApiError, notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import { users } from "../users/schema";
import { emailUnconfirmed, isEmailConfirmed } from "../users/service";
import { likePushJob, matchMailJob } from "./job-types";
import { likes, matches } from "./schema";

/**
 * How long a match waits before it is e-mailed: a member with the site open sees the dialog at
 * once (or on their next page), which marks it seen, and then no e-mail is needed.
 */
export const MATCH_MAIL_DELAY_MS = 2 * 60 * 1000;

/** The pair's lock: a like and its answer, sent at once, are decided one after the other. */
async function lockPair(db: Database, a: number, b: number): Promise<[number, number]> {
  const pair: [number, number] = a < b ? [a, b] : [b, a];
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`like:${pair[0]}:${pair[1]}`}))`);
  return pair;
}

/**
 * Records a like (spec §2 Profile view: like); an unconfirmed account may not like yet (403
 * email_unconfirmed, users/service.ts). Liking twice is the same as once. A new like
 * reaches the liked member live (their new-likes badge) and, with no page of theirs open, by
 * push. A like that answers a like is a match (issue 13): under the pair's lock, so two likes
 * that cross make exactly one, and both members hear of it.
 */
export async function likeProfile(db: Database, likerProfileId: number, likedProfileId: number) {
  if (likerProfileId === likedProfileId)
    throw new ApiError(422, "cannot_like_self", "like.error.self");
  // A like reaches the liked member (live and by push): it waits for the liker's confirmation.
  const [liker] = await db
    .select({ status: users.status })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, likerProfileId))
    .limit(1);
  if (!liker || !isEmailConfirmed(liker)) throw emailUnconfirmed();
  // Only a member the liker may see (the block rule: active, neither blocked) can be liked; the
  // answer is the same as for no profile at all, so a block is not told.
  const [shown] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, likedProfileId), shownTo(likerProfileId)))
    .limit(1);
  if (!shown) throw notFound("error.profileUnavailable");
  const changed: number[] = [];
  const isNew = await db.transaction(async (tx) => {
    const [low, high] = await lockPair(tx, likerProfileId, likedProfileId);
    const [added] = await tx
      .insert(likes)
      .values({ likerProfileId, likedProfileId })
      .onConflictDoNothing()
      .returning({ liked: likes.likedProfileId });
    if (!added) return false;
    const [liked] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, likedProfileId));
    if (!liked) return false;
    await publishEvent(tx, liked.userId, {
      type: "like",
      data: { profile: likerProfileId, new_likes: await countNewLikes(tx, likedProfileId) },
    });
    if (await hasLiked(tx, likedProfileId, likerProfileId)) {
      const [matched] = await tx
        .insert(matches)
        .values({ profileLowId: low, profileHighId: high })
        .onConflictDoNothing()
        .returning({ low: matches.profileLowId });
      if (matched) {
        const [liker] = await tx
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(eq(profiles.id, likerProfileId));
        await publishEvent(tx, liked.userId, { type: "match", data: { profile: likerProfileId } });
        // The liker answered on a page of ours and sees the dialog now; the other may be away.
        await enqueueJob(
          tx,
          matchMailJob,
          { profile: likedProfileId, partner: likerProfileId },
          {
            // One e-mail a pair: unliking and liking again does not send another.
            uniqueKey: `${matchMailJob.name}:${low}:${high}`,
            runAt: new Date(Date.now() + MATCH_MAIL_DELAY_MS),
          },
        );
        if (liker) {
          await publishEvent(tx, liker.userId, {
            type: "match",
            data: { profile: likedProfileId },
          });
        }
      }
    }
    // The liker's own lists changed too (given, and matches): their other pages hear it.
    const [likerUser] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, likerProfileId));
    changed.push(liked.userId);
    if (likerUser) {
      changed.push(likerUser.userId);
      await publishEvent(tx, likerUser.userId, {
        type: "likes",
        data: { new_likes: await countNewLikes(tx, likerProfileId) },
      });
    }
    await enqueueJob(
      tx,
      likePushJob,
      { liker: likerProfileId, liked: likedProfileId },
      { uniqueKey: `${likePushJob.name}:${likerProfileId}:${likedProfileId}` },
    );
    return true;
  });
  forgetMember(...changed);
  if (isNew) nudgeJobRunners();
}

/** spec §3 Chat state: the new likes total (likes the member has not looked at yet). */
export async function countNewLikes(db: Database, profileId: number): Promise<number> {
  const [row] = await newLikesQuery(db, profileId);
  return row?.count ?? 0;
}

/**
 * countNewLikes as a query (a scalar subquery of the pages' badge lookup, request/nav-badges.ts).
 * It counts what the likes list shows (shownTo): a like from a member blocked either way, or
 * whose profile is not active (unconfirmed, pending deletion), is not counted.
 */
export function newLikesQuery(db: Database, profileId: number) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
    .where(and(eq(likes.likedProfileId, profileId), eq(likes.isNew, true), shownTo(profileId)));
}

/** Takes a like back; a match it made is undone with it (the conversation stays). */
export async function unlikeProfile(db: Database, likerProfileId: number, likedProfileId: number) {
  const changed: number[] = [];
  await db.transaction(async (tx) => {
    const [low, high] = await lockPair(tx, likerProfileId, likedProfileId);
    const taken = await tx
      .delete(likes)
      .where(
        and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)),
      )
      .returning({ liked: likes.likedProfileId });
    await tx
      .delete(matches)
      .where(and(eq(matches.profileLowId, low), eq(matches.profileHighId, high)));
    if (taken.length === 0) return;
    // Both members' lists changed (given, received, matches): their pages and caches hear it.
    const sides = await tx
      .select({ id: profiles.id, userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.id, [likerProfileId, likedProfileId]));
    for (const side of sides) {
      changed.push(side.userId);
      await publishEvent(tx, side.userId, {
        type: "likes",
        data: { new_likes: await countNewLikes(tx, side.id) },
      });
    }
  });
  forgetMember(...changed);
}

/**
 * Notes that the member was shown the match with `partnerProfileId` (the dialog opened), so it
 * is not shown again. Nothing happens for a pair that is no match: the caller can only mark
 * their own side.
 */
export async function markMatchSeen(
  db: Database,
  profileId: number,
  partnerProfileId: number,
): Promise<void> {
  if (profileId < partnerProfileId) {
    await db
      .update(matches)
      .set({ lowSeen: true })
      .where(and(eq(matches.profileLowId, profileId), eq(matches.profileHighId, partnerProfileId)));
  } else {
    await db
      .update(matches)
      .set({ highSeen: true })
      .where(and(eq(matches.profileLowId, partnerProfileId), eq(matches.profileHighId, profileId)));
  }
}

/** Whether the member has seen their match with the partner (false for no match at all). */
export async function hasSeenMatch(
  db: Database,
  profileId: number,
  partnerProfileId: number,
): Promise<boolean> {
  const [low, high] =
    profileId < partnerProfileId ? [profileId, partnerProfileId] : [partnerProfileId, profileId];
  const [row] = await db
    .select({ lowSeen: matches.lowSeen, highSeen: matches.highSeen })
    .from(matches)
    .where(and(eq(matches.profileLowId, low), eq(matches.profileHighId, high)));
  if (!row) return false;
  return profileId === low ? row.lowSeen : row.highSeen;
}

/** Whether two members like each other. */
export async function isMatch(db: Database, a: number, b: number): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ one: sql`1` })
    .from(matches)
    .where(and(eq(matches.profileLowId, low), eq(matches.profileHighId, high)))
    .limit(1);
  return Boolean(row);
}

export async function hasLiked(
  db: Database,
  likerProfileId: number,
  likedProfileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
    .limit(1);
  return Boolean(row);
}

/**
 * spec §4: opening a profile clears its new-like flag, the like that profile gave the viewer.
 * @returns whether a new like was cleared (the new-likes badge then counts one less)
 */
export async function markLikeSeen(
  db: Database,
  likerProfileId: number,
  viewerProfileId: number,
): Promise<boolean> {
  const cleared = await db
    .update(likes)
    .set({ isNew: false })
    .where(
      and(
        eq(likes.likerProfileId, likerProfileId),
        eq(likes.likedProfileId, viewerProfileId),
        eq(likes.isNew, true),
      ),
    )
    .returning({ liker: likes.likerProfileId });
  if (cleared.length === 0) return false;
  // The badge and the 'new' flag on the likes page follow on the member's other pages.
  const [viewer] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, viewerProfileId));
  if (viewer) {
    await publishEvent(db, viewer.userId, {
      type: "likes",
      data: { new_likes: await countNewLikes(db, viewerProfileId) },
    });
    forgetMember(viewer.userId);
  }
  return true;
}

/**
 * Whether a match is e-mailed to the member it is for: it still stands, they have not been
 * shown it meanwhile, neither blocked the other, and the account is in use. The opt-out (the
 * 'like' category: a match is a like answered) is checked where it is sent.
 */
export async function findMatchNotice(db: Database, job: { profile: number; partner: number }) {
  if (!(await isMatch(db, job.profile, job.partner))) return null;
  if (await hasSeenMatch(db, job.profile, job.partner)) return null;
  if (await isBlockedBetween(db, job.profile, job.partner)) return null;
  const [partner] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.id, job.partner), eq(profiles.status, "active")));
  const [recipient] = await db
    .select({ user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, job.profile));
  if (!partner || !recipient) return null;
  const { user } = recipient;
  if (user.erasedAt || user.deletionRequestedAt) return null;
  return { recipient: user, partnerName: partner.name };
}

/** The likes a member gave, newest first (for the data export). */
export async function findLikesGiven(db: Database, likerProfileId: number) {
  return db
    .select({ profile_id: likes.likedProfileId, created_at: likes.createdAt })
    .from(likes)
    .where(eq(likes.likerProfileId, likerProfileId))
    .orderBy(desc(likes.createdAt));
}

/**
 * Whether a like is pushed to the member it is for: it still stands, neither blocked the other
 * since, and the account is in use. The opt-out ("like") is checked where it is sent.
 */
export async function findLikeNotice(db: Database, job: { liker: number; liked: number }) {
  if (!(await hasLiked(db, job.liker, job.liked))) return null;
  if (await isBlockedBetween(db, job.liker, job.liked)) return null;
  const [liker] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, job.liker));
  const [recipient] = await db
    .select({ user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, job.liked));
  if (!liker || !recipient) return null;
  const { user } = recipient;
  if (user.erasedAt || user.deletionRequestedAt) return null;
  return { recipient: user, likerName: liker.name };
}
