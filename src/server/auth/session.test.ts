import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { getDb } from "../db/client";
import { profiles } from "../profiles/schema";
import { hashPassword, verifyPassword } from "./password";
import { sessions } from "./schema";
import {
  createSession,
  generateSessionToken,
  hashSessionToken,
  invalidateUserSessions,
  validateSessionToken,
} from "./session";

const DAY = 24 * 60 * 60 * 1000;

describe("passwords (argon2id)", () => {
  it("stores the parameters with the hash and verifies the right password only", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "correct horsE")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("plaintext", "plaintext")).toBe(false);
  });
});

describe("sessions (design §10)", () => {
  it("finds the member by token, while only the token's hash is stored", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = generateSessionToken();
    await createSession(db, token, user.id);
    const result = await validateSessionToken(db, token);
    expect(result?.user.id).toBe(user.id);
    expect(result?.session.id).toBe(hashSessionToken(token));
  });

  it("brings the member's profile and main photo in the same statement", async () => {
    const db = await getDb();
    const { user, profile } = await createTestMember(db, { photoCount: 2 });
    const token = generateSessionToken();
    await createSession(db, token, user.id);
    let result: Awaited<ReturnType<typeof validateSessionToken>> = null;
    const statements = await recordQueries(async () => {
      result = await validateSessionToken(db, token);
    });
    expect(statements).toHaveLength(1);
    expect(result).toMatchObject({
      user: { id: user.id },
      profile: { id: profile.id, name: profile.name, wizardStep: profile.wizardStep },
      mainPhoto: { id: profile.mainPhotoId },
    });
  });

  it("finds a member who has no profile yet", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    await db.delete(profiles).where(eq(profiles.userId, user.id));
    const token = generateSessionToken();
    await createSession(db, token, user.id);
    expect(await validateSessionToken(db, token)).toMatchObject({
      user: { id: user.id },
      profile: null,
      mainPhoto: null,
    });
  });

  it("deletes an expired session and answers null", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect(await validateSessionToken(db, token)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it("extends a session used in the second half of its 30 days", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.id, session.id));
    const result = await validateSessionToken(db, token);
    expect(result?.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("does not write a session in the first half of its life", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    const expiresAt = new Date(Date.now() + 16 * DAY);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    const statements = await recordQueries(() => validateSessionToken(db, token));
    expect(statements).toHaveLength(1);
    const [stored] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(stored?.expiresAt).toEqual(expiresAt);
  });

  it("writes a session once when it extends it, then no more", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 14 * DAY) })
      .where(eq(sessions.id, session.id));
    const extending = await recordQueries(() => validateSessionToken(db, token));
    expect(extending).toHaveLength(2);
    expect(extending[1]).toMatch(/^update "sessions"/);
    expect(await recordQueries(() => validateSessionToken(db, token))).toHaveLength(1);
  });

  it("ends all of a member's sessions at once", async () => {
    const db = await getDb();
    const { user } = await createTestMember(db);
    const tokens = [generateSessionToken(), generateSessionToken()];
    for (const token of tokens) await createSession(db, token, user.id);
    await invalidateUserSessions(db, user.id);
    for (const token of tokens) expect(await validateSessionToken(db, token)).toBeNull();
  });
});
