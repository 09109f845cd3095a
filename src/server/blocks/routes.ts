import { blockAnswer } from "../../contract/profiles";
import { createProfileMarkRoutes } from "../profiles/mark-routes";
import { blockProfile, unblockProfile } from "./service";

export const blockRoutes = createProfileMarkRoutes({
  path: "/block.php",
  answer: blockAnswer,
  answerDescription: "The block's new state",
  stateOf: (blocked) => ({ blocked }),
  summaries: {
    mark: "Block a member (spec §6): they no longer see, find or reach the blocker",
    unmark: "Unblock a member",
  },
  markErrors: [{ refused: "cannot_block_self" }],
  mark: (c, member, profileId) => blockProfile(c.get("db"), member.profileId, profileId),
  unmark: (c, member, profileId) => unblockProfile(c.get("db"), member.profileId, profileId),
});
