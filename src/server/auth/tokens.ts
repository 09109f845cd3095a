import { and, eq, gt, isNull } from "drizzle-orm";
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
