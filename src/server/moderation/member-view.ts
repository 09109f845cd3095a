import { eq } from "drizzle-orm";
import type { MemberModerationAnswer } from "../../contract/moderation";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { profiles } from "../profiles/schema";
import type { StaffActor } from "../staff/audit";
import { requirePermission } from "../staff/permissions";
import { users } from "../users/schema";
import { strikesOf } from "./sanctions";

/**
 * design §13: a member's sanction and strikes, newest first, with their profile's name, for
 * staff who may read members (members.read: moderators too, who lack the private read of the
 * support screen). Nothing private is in it, so it writes no audit row.
 */
export async function getMemberModeration(
  db: Database,
  actor: StaffActor,
  memberId: number,
): Promise<MemberModerationAnswer> {
  if (actor.staff) requirePermission(actor.staff, "members.read");
  const [row] = await db
    .select({ user: users, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  if (!row) throw new ApiError(404, "not_found", "error.memberNotFound");
  const { user } = row;
  return {
    id: user.id,
    name: row.name,
    erased: user.erasedAt !== null,
    moderation: {
      sanction: user.sanction,
      sanction_ends_at: user.sanctionEndsAt?.toISOString() ?? null,
      strikes: await strikesOf(db, user.id),
    },
  };
}
