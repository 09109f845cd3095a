import { z } from "@hono/zod-openapi";
import { okAnswer } from "../../contract/common";
import { LIKE_LISTS } from "../../contract/like-options";
import {
  autoLikeAnswer,
  likesAnswer,
  swipeAnswer,
  swipeBody,
  swipeCardsAnswer,
  swipeUndoAnswer,
} from "../../contract/likes";
import { SWIPE_LIKES_PER_DAY } from "../../contract/premium";
import { profileTargetBody } from "../../contract/profiles";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS, QUERY_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { idSchema } from "../lib/validation";
import { markLikeSeen, markMatchSeen } from "../likes/service";
import { preferencesOf } from "../members/user-view";
import { requireMemberViewer } from "../profiles/viewer";
import { listLikes } from "./likes-list";
import {
  findAutoLikeProfile,
  nextSwipeCards,
  offerAutoLike,
  SWIPE_PAGE_SIZE,
  swipeLike,
  swipeLikesLeft,
  swipePass,
  undoLastPass,
} from "./swipe";

const likesRoute = jsonRoute({
  method: "get",
  path: "/likes.php",
  summary:
    "spec §7, issue 13: one page of the member's likes: who liked them (received), whom they liked (given) or both (matches), newest first",
  query: z.object({
    type: z.enum(LIKE_LISTS).default("received"),
    cursor: z.string().max(200).optional(),
  }),
  answer: [likesAnswer, "One page, and the next page's cursor"],
  errors: [ERRORS.loggedOut, ERRORS.noProfile, ERRORS.invalid],
});

const matchSeenRoute = jsonRoute({
  method: "post",
  path: "/match-seen.php",
  summary:
    "issue 13: the member was shown 'It's a match' with this member; it is not shown again (nothing happens for a member who is no match)",
  body: profileTargetBody,
  answer: [okAnswer, "Noted"],
  errors: [...MEMBER_WRITE_ERRORS, ERRORS.noProfile],
});

const likeSeenRoute = jsonRoute({
  method: "post",
  path: "/like-seen.php",
  summary:
    "spec §4, issue 29 item 3: the member's page showed this profile, so its like to them is no longer new (a prefetched page tells the server only when it is shown)",
  body: profileTargetBody,
  answer: [okAnswer, "Noted"],
  errors: [...MEMBER_WRITE_ERRORS, ERRORS.noProfile],
});

const autoLikeRoute = jsonRoute({
  method: "get",
  path: "/auto-like.php",
  summary:
    "spec §7: a profile for the like pop-up, one who fits the member and was never offered to them before; null when none is left. Looking changes nothing: POST offers it",
  answer: [autoLikeAnswer, "The profile, or null"],
  errors: [ERRORS.loggedOut, ERRORS.noProfile],
});

const autoLikeOfferRoute = jsonRoute({
  method: "post",
  path: "/auto-like.php",
  summary:
    "The like pop-up's call: the profile GET would answer, noted as offered so that it is offered once; null when none is left",
  answer: [autoLikeAnswer, "The profile, or null"],
  errors: [...QUERY_WRITE_ERRORS, ERRORS.loggedOut, ERRORS.noProfile],
});

/** The cards the client holds already: comma-separated profile ids, at most two pages. */
const excludeParam = z
  .string()
  .max(2 * SWIPE_PAGE_SIZE * 11)
  .regex(/^([1-9][0-9]{0,9})(,[1-9][0-9]{0,9})*$/, "validation.invalid")
  .transform((value) => value.split(",").map(Number))
  .pipe(z.array(idSchema).max(2 * SWIPE_PAGE_SIZE))
  .optional()
  .openapi({ type: "string", example: "12,7,31" });

const swipeCardsRoute = jsonRoute({
  method: "get",
  path: "/swipe.php",
  summary:
    "issue 13: the swipe game's next cards, most recently active first among those who fit the member, none liked or passed before",
  query: z.object({ exclude: excludeParam }),
  answer: [swipeCardsAnswer, "The next cards and the likes left today"],
  errors: [ERRORS.loggedOut, ERRORS.noProfile, ERRORS.invalid],
});

const swipeRoute = jsonRoute({
  method: "post",
  path: "/swipe.php",
  summary: `issue 13: like or pass a card of the swipe game; free members like ${SWIPE_LIKES_PER_DAY} times a day (403 swipe_limit after)`,
  body: swipeBody,
  answer: [swipeAnswer, "The likes left today, and whether the like made a match"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    ERRORS.noProfile,
    ERRORS.rateLimited,
    { 403: "swipe_limit: today's likes are used up (the premium alert)" },
    ERRORS.unconfirmed,
    { refused: "cannot_like_self" },
  ],
});

const swipeUndoRoute = jsonRoute({
  method: "post",
  path: "/swipe-undo.php",
  summary: "issue 13: undo the member's last pass; its card comes back on top",
  answer: [swipeUndoAnswer, "The card, or null when there was no pass to undo"],
  errors: [...MEMBER_WRITE_ERRORS, ERRORS.noProfile],
});

export const discoveryRoutes = createRouter()
  .openapi(likesRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    const { type, cursor } = c.req.valid("query");
    const answer = await listLikes(c.get("db"), member, type, cursor, {
      media: c.get("media"),
      locale: c.get("locale"),
    });
    return c.json(answer, 200);
  })
  .openapi(matchSeenRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await markMatchSeen(c.get("db"), member.profileId, c.req.valid("json").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(likeSeenRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await markLikeSeen(c.get("db"), c.req.valid("json").id, member.profileId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(autoLikeRoute, async (c) => {
    requireMemberViewer(c.get("viewer"));
    const viewing = { media: c.get("media"), locale: c.get("locale") };
    const mine = preferencesOf(c.get("userViewProfile"));
    return c.json({ profile: await findAutoLikeProfile(c.get("db"), mine, viewing) }, 200);
  })
  .openapi(autoLikeOfferRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    const viewing = { media: c.get("media"), locale: c.get("locale") };
    const mine = preferencesOf(c.get("userViewProfile"));
    return c.json({ profile: await offerAutoLike(c.get("db"), member, mine, viewing) }, 200);
  })
  .openapi(swipeCardsRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    const answer = await nextSwipeCards(c.get("db"), member, c.get("site"), {
      preferences: preferencesOf(c.get("userViewProfile")),
      exclude: c.req.valid("query").exclude ?? [],
      viewing: { media: c.get("media"), locale: c.get("locale") },
    });
    return c.json(answer, 200);
  })
  .openapi(swipeRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "likes", String(member.profileId));
    const { id, action } = c.req.valid("json");
    if (action === "pass") {
      await swipePass(c.get("db"), member, id);
      const likesLeft = await swipeLikesLeft(c.get("db"), member, c.get("site"));
      return c.json({ likes_left: likesLeft, match: false }, 200);
    }
    return c.json(await swipeLike(c.get("db"), member, c.get("site"), id), 200);
  })
  .openapi(swipeUndoRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    const viewing = { media: c.get("media"), locale: c.get("locale") };
    return c.json({ profile: await undoLastPass(c.get("db"), member, viewing) }, 200);
  });
