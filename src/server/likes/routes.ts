import { likeAnswer } from "../../contract/profiles";
import { ApiError } from "../lib/errors";
import { ERRORS } from "../lib/openapi";
import { consumeRateLimit } from "../lib/rate-limit";
import { createProfileMarkRoutes } from "../profiles/mark-routes";
import { likeProfile, unlikeProfile } from "./service";

export const likeRoutes = createProfileMarkRoutes({
  path: "/like.php",
  answer: likeAnswer,
  answerDescription: "The like's new state",
  stateOf: (liked) => ({ liked }),
  summaries: { mark: "Like a member (spec §6: login required)", unmark: "Take a like back" },
  markErrors: [
    ERRORS.unconfirmed,
    { 429: "like_limit: the member's likes for today are used up (likesDaily)" },
    { refused: "cannot_like_self" },
  ],
  mark: async (c, member, profileId) => {
    const today = await consumeRateLimit(c.get("db"), "likesDaily", String(member.profileId));
    // No Retry-After: the client shows a 429 without one at once (the wait is up to a day).
    if (!today.allowed) throw new ApiError(429, "like_limit", "like.error.dailyLimit");
    await likeProfile(c.get("db"), member.profileId, profileId);
  },
  unmark: (c, member, profileId) => unlikeProfile(c.get("db"), member.profileId, profileId),
});
