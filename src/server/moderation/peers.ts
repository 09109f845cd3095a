import { eq } from "drizzle-orm";
import { conversationMembers } from "../chat/schema";
import { publishChatsChanged } from "../chat/unread";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { likes } from "../likes/schema";
import { countNewLikes } from "../likes/service";
import { profiles } from "../profiles/schema";

/**
 * design §13: the members who see a member in their own lists: the other side of each of their
 * conversations, and those they liked or who liked them (matches are such likes). When a
 * sanction hides the member or lifting it shows them again, each of these lists changed.
 */
export async function peersOf(db: Database, userId: number) {
  const chatPeers = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.otherUserId, userId));
  const [own] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const likePeers = [];
  if (own) {
    // Both directions, each by its own index (likes_liked_idx, likes_given_idx).
    for (const [mine, theirs] of [
      [likes.likedProfileId, likes.likerProfileId],
      [likes.likerProfileId, likes.likedProfileId],
    ] as const) {
      likePeers.push(
        ...(await db
          .select({ userId: profiles.userId, profileId: profiles.id })
          .from(likes)
          .innerJoin(profiles, eq(profiles.id, theirs))
          .where(eq(mine, own.id))),
      );
    }
  }
  return {
    chats: [...new Set(chatPeers.map((peer) => peer.userId))],
    likes: [...new Map(likePeers.map((peer) => [peer.userId, peer])).values()],
  };
}

/**
 * Tells every peer's pages, in every process, that their lists changed (a `chats` or `likes`
 * event, which also drops the lists kept for them: events/member-cache.ts). In the caller's
 * transaction: the events go out when the sanction commits. Answers the members told.
 */
export async function publishPeersChanged(db: Database, userId: number): Promise<number[]> {
  const peers = await peersOf(db, userId);
  for (const peer of peers.chats) await publishChatsChanged(db, peer);
  for (const peer of peers.likes) {
    await publishEvent(db, peer.userId, {
      type: "likes",
      data: { new_likes: await countNewLikes(db, peer.profileId) },
    });
  }
  return [...new Set([...peers.chats, ...peers.likes.map((peer) => peer.userId)])];
}
