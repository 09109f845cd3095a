import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, lte, ne, sql } from "drizzle-orm";
import { profilesBlockedWith } from "../blocks/service";
import type { Database } from "../db/client";
import { type UserViewProfile, userViewColumns } from "../members/user-view";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import { type User, users } from "../users/schema";
import { sanctionInForce } from "../users/service";
import { type Session, sessions } from "./schema";
import { sessionCacheFor } from "./session-cache";

/** spec §9: the auth cookie lives 30 days, path /. */
export const SESSION_COOKIE = "auth";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const SESSION_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** Lucia's sliding expiry: a session is renewed once less than half of its life is left. */
const RENEW_BEFORE_END_MS = SESSION_MS / 2;

/**
 * A live session, its member, what the viewer and the user view need of their profile, and the
 * profiles the member blocked or was blocked by (none without a profile).
 */
export type SessionValidation =
  | ({ session: Session; user: User; blockedWith: number[] } & UserViewProfile)
  | null;

/** A random secret for the cookie: 160 bits, base32. Only its hash is stored. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored session id for a token: its SHA-256 in hex. */
export function hashSessionToken(token: string): string {
  // node:crypto's native SHA-256, not a JavaScript one: this runs on every member request.
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: Database, token: string, userId: number): Promise<Session> {
  const session: Session = {
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_MS),
    createdAt: new Date(),
  };
  await db.insert(sessions).values(session);
  return session;
}

/**
 * The hot path's one statement (ARCHITECTURE.md): the session, its member, and what the viewer
 * and the user view need of the member's profile and main photo. Prepared once per database
 * connection (a named statement): planning it cost more than running it (bench, PGlite).
 */
function prepareSessionStatement(db: Database) {
  return db
    .select({
      session: sessions,
      user: users,
      ...userViewColumns,
      // Kept with the session: a block or unblock notifies both members (drizzle/0039).
      blockedWith: profilesBlockedWith(profiles.id),
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("session_with_member");
}

const sessionStatements = new WeakMap<Database, ReturnType<typeof prepareSessionStatement>>();

function sessionStatement(db: Database) {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = prepareSessionStatement(db);
    sessionStatements.set(db, statement);
  }
  return statement;
}

type SessionRow = NonNullable<SessionValidation>;

/**
 * Looks a cookie token up with its member, their profile and its main photo: from the session
 * cache (session-cache.ts; coherent with every write, by the database's notifications), else
 * in one statement over primary and unique keys, all the database work a member's request
 * needs before its own (ARCHITECTURE.md, the request path). Left joins: a member may have no
 * profile yet, or it no main photo. An expired session is deleted; a session in the second half
 * of its life is extended to a full 30 days again (design §10: sliding expiry), so a session is
 * written about once in 15 days, never on every request.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
): Promise<SessionValidation> {
  const id = hashSessionToken(token);
  const read = async (): Promise<SessionRow | undefined> =>
    (await sessionStatement(db).execute({ id }))[0];
  const cache = await sessionCacheFor<SessionRow>(db);
  const row = cache ? await cache.readThrough(id, read) : await read();
  if (!row) return null;
  const { session } = row;
  const now = Date.now();
  // design §13: a ban or suspension ended the member's sessions; one that a login racing it
  // made is refused all the same.
  if (sanctionInForce(row.user, new Date(now))) return null;
  if (now >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now >= session.expiresAt.getTime() - RENEW_BEFORE_END_MS) {
    // The row is this request's own copy (the cache hands out copies).
    session.expiresAt = new Date(now + SESSION_MS);
    await db
      .update(sessions)
      .set({ expiresAt: session.expiresAt })
      .where(eq(sessions.id, session.id));
  }
  return row;
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a member (design §10: on password change); answers how many ended. */
export async function invalidateUserSessions(db: Database, userId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every session of a member but the one they use (design §10: their password change). */
export async function invalidateOtherSessions(
  db: Database,
  userId: number,
  keptSessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
}

/** The Set-Cookie options for the auth cookie (design §6). */
export function sessionCookieOptions(secure: boolean, maxAge = SESSION_MAX_AGE_SECONDS) {
  return { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge } as const;
}

/**
 * design §10a: deletes expired sessions. A cookie is checked against its row, which is deleted
 * then, but a browser that never comes back leaves its row behind. Answers the rows deleted.
 */
export async function pruneExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
