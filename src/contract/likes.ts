import { z } from "@hono/zod-openapi";
import { idSchema } from "./fields";
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

/** spec §7 GET /api/auto-like.php: the like pop-up's profile (id, main_image.match), if any. */
export const autoLikeAnswer = z.object({ profile: profileCard.nullable() });
export type AutoLikeAnswer = z.infer<typeof autoLikeAnswer>;

/** The swipe game's next cards (issue 13), and the likes left today (null: no limit). */
export const swipeCardsAnswer = z.object({
  profiles: z.array(profileCard),
  likes_left: z.number().int().nullable(),
});
export type SwipeCardsAnswer = z.infer<typeof swipeCardsAnswer>;

/** POST /api/swipe.php: a like or pass of a card in the swipe game. */
export const swipeBody = z.object({ id: idSchema, action: z.enum(["like", "pass"]) });
export type SwipeBody = z.input<typeof swipeBody>;

/** A like or pass in the swipe game. */
export const swipeAnswer = z.object({
  likes_left: z.number().int().nullable(),
  /** The like answered one: 'It's a match'. */
  match: z.boolean(),
});
export type SwipeAnswer = z.infer<typeof swipeAnswer>;

/** The undone pass's profile, back on top of the cards (null: nothing to undo). */
export const swipeUndoAnswer = z.object({ profile: profileCard.nullable() });
export type SwipeUndoAnswer = z.infer<typeof swipeUndoAnswer>;
