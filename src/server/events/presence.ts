import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { memberPresence } from "./schema";

/** How often a process renews the leases of the members it holds streams for. */
export const PRESENCE_RENEW_MS = 30_000;
/** A lease outlives two missed renewals, not more. */
const PRESENCE_LEASE_SECONDS = 75;

/** Marks members as having a visible page open, for the next PRESENCE_LEASE_SECONDS. */
export async function markOnline(db: Database, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into ${memberPresence} (user_id, online_until)
    select u, now() + make_interval(secs => ${PRESENCE_LEASE_SECONDS})
    from unnest(${sql.param([...userIds])}::int[]) as u
    on conflict (user_id) do update set online_until = excluded.online_until`);
}

export type PresenceRenewal = { keep: () => void };

/**
 * A process's renewal of presence: every PRESENCE_RENEW_MS, the leases of the members
 * `membersHere` names (those it holds streams for), in one statement. `keep()`, called by each
 * stream that opens, starts it; it stops itself once no member is left, so an idle process keeps
 * no timer, nor the database that timer holds.
 */
export function createPresenceRenewal(
  renew: (userIds: number[]) => Promise<void>,
  membersHere: () => number[],
): PresenceRenewal {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const members = membersHere();
    if (members.length === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    void renew(members).catch((error: unknown) => console.error("presence renewal failed:", error));
  };
  return {
    keep() {
      if (timer) return;
      timer = setInterval(tick, PRESENCE_RENEW_MS);
      timer.unref();
    },
  };
}

/** The member's last visible page went away (closed, or hidden). */
export async function markOffline(db: Database, userId: number): Promise<void> {
  await db.delete(memberPresence).where(eq(memberPresence.userId, userId));
}

/** Does the member have a visible page of the site open (so sees what happens live)? */
export async function isOnline(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberPresence.userId })
    .from(memberPresence)
    .where(and(eq(memberPresence.userId, userId), gt(memberPresence.onlineUntil, sql`now()`)));
  return Boolean(row);
}
