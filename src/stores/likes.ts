import { atom } from "nanostores";
import type { LikesAnswer } from "../contract/likes";
import { api } from "../lib/api-client";
import { $newLikes } from "./counts";

/** spec §7: after a like from the like pop-up, the likes are reloaded this much later. */
export const LIKES_RELOAD_DELAY_MS = 500;

/**
 * Counts the changes to the member's likes the page has heard of (an event, a reload that
 * found them changed): an open likes list reads its page again when it moves.
 */
export const $likesVersion = atom(0);

/** Something changed the member's likes lists: open lists read them again. */
export function likesChanged(): void {
  $likesVersion.set($likesVersion.get() + 1);
}

/** What the last reload found: who likes the member, and which of them are new. */
let lastSeen: string | null = null;

/**
 * Reloads the member's likes state (spec §3 Chat state: likes, new likes total), as the chats
 * are: periodically, when a push comes, after the like pop-up (spec §7, §9; issue 29 item 13).
 * A change it finds reaches the open likes lists.
 */
export async function reloadLikes(): Promise<LikesAnswer> {
  const answer = await api("GET /api/likes.php", { query: { type: "received" } });
  $newLikes.set(answer.new_likes);
  const seen = `${answer.new_likes}|${answer.liked_by.map((entry) => `${entry.id}:${entry.like_new}`).join(",")}`;
  if (lastSeen !== null && seen !== lastSeen) likesChanged();
  lastSeen = seen;
  return answer;
}
