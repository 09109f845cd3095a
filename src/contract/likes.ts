import { z } from "@hono/zod-openapi";
import { profileCard } from "./profiles";

/** spec §7 GET /api/likes.php: `{profiles, liked_by: [{id, like_new}]}`, one page. */
export const likesAnswer = z.object({
  profiles: z.array(profileCard),
  /** spec §3 Liked-by entry: which of these profiles liked the member, and is it new. */
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
  /** Which of these profiles the member liked (so a card offers "like back" or not). */
  liked: z.array(z.number().int()),
  next_cursor: z.string().nullable(),
  /** The nav's new-likes badge (spec §3 Chat state: new likes total). */
  new_likes: z.number().int(),
});
export type LikesAnswer = z.infer<typeof likesAnswer>;
