import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { generateSessionToken, hashSessionToken } from "../auth/session";
import type { Database } from "../db/client";
import { type StaffAccount, type StaffSession, staffAccounts, staffSessions } from "./schema";

/**
 * design §13: the staff cookie, apart from the member `auth` cookie: each pipeline reads only
 * its own, so neither session ever reaches the other side's API.
 */
export const STAFF_COOKIE = "staff";
/** Twelve hours from sign-in, never extended: a working day, then a new sign-in with a code. */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;

export type SignedInStaff = { account: StaffAccount; session: StaffSession };

/** Starts a session (a new 160-bit token, only its SHA-256 stored) and answers the token. */
export async function createStaffSession(
  db: Database,
  staffId: number,
  ip: string | null,
  now = Date.now(),
): Promise<{ token: string; session: StaffSession }> {
  const token = generateSessionToken();
  const [session] = await db
    .insert(staffSessions)
    .values({
      id: hashSessionToken(token),
      staffId,
      ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + STAFF_SESSION_SECONDS * 1000),
    })
    .returning();
  if (!session) throw new Error("the staff session was not stored");
  return { token, session };
}

/**
 * The live session of a staff cookie's token and its account, or null: an unknown token, an
 * expired session, or a disabled account (one statement; staff calls are few).
 */
export async function validateStaffSession(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<SignedInStaff | null> {
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, hashSessionToken(token)),
        gt(staffSessions.expiresAt, new Date(now)),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of a staff member (their account disabled). */
export async function endStaffSessionsOf(db: Database, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/**
 * design §10a: deletes expired staff sessions (a staff cookie outlives its 12 hours only in a
 * browser that never comes back). Answers the rows deleted.
 */
export async function pruneStaffSessions(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(staffSessions)
    .where(lte(staffSessions.expiresAt, now))
    .returning({ id: staffSessions.id });
  return deleted.length;
}
