import type { LikesAnswer } from "../contract/likes";
import { api } from "../lib/api-client";
import { $newLikes } from "./counts";

/** spec §7: after a like from the like pop-up, the likes are reloaded this much later. */
export const LIKES_RELOAD_DELAY_MS = 500;

/** Reloads the member's likes state (spec §3 Chat state: likes, new likes total). */
export async function reloadLikes(): Promise<LikesAnswer> {
  const answer = await api("GET /api/likes.php", { query: { type: "received" } });
  $newLikes.set(answer.new_likes);
  return answer;
}
