import { and, eq, gt, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { generateSessionToken, hashSessionToken } from "./session";
import { type AccountToken, type AccountTokenPurpose, accountTokens } from "./tokens-schema";

/**
 * Creates a single-use token for an e-mail link; earlier unused tokens of the same purpose stop
 * working, so only the newest link does.
 */
export async function createAccountToken(
  db: Database,
  userId: number,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  data?: Record<string, string>,
): Promise<string> {
  const token = generateSessionToken();
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({
    id: hashSessionToken(token),
    userId,
    purpose,
    data: data ?? null,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Uses a token once: answers its row, or null when it is unknown, expired, already used or for
 * another purpose. One conditional UPDATE, so two clicks cannot both succeed.
 */
export async function consumeAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountToken | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.id, hashSessionToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Looks a reusable token up without using it (unsubscribe links may be followed twice). */
export async function findAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountToken | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.id, hashSessionToken(token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * design §10a: deletes tokens no link can use any more: expired ones, and used ones of the
 * single-use purposes. Unsubscribe tokens are looked up, not used up (findAccountToken: an older
 * notification's link keeps working after a newer one replaced it), so they stay until they
 * expire. Answers the rows deleted.
 */
export async function pruneAccountTokens(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(accountTokens)
    .where(
      or(
        lte(accountTokens.expiresAt, now),
        and(isNotNull(accountTokens.usedAt), ne(accountTokens.purpose, "unsubscribe")),
      ),
    )
    .returning({ id: accountTokens.id });
  return deleted.length;
}
