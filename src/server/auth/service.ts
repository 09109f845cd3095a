import { type Locale, toLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { consumeRateLimit, peekRateLimit } from "../lib/rate-limit";
import type { User } from "../users/schema";
import { findUserByEmail, sanctionInForce, suspensionEndText } from "../users/service";
import { hashPassword, verifyPassword } from "./password";
import { createSession, generateSessionToken } from "./session";

export type LoginResult = { token: string; user: User; expiresAt: Date };

/** spec §8: 'Too many incorrect attempts, account blocked for {minutes} min'. */
function accountBlocked(retryAfterSeconds: number): ApiError {
  return new ApiError(429, "account_blocked", "login.blocked", {
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  });
}

// A real hash to verify against when the address is unknown, so both paths take the same time
// and the answer does not reveal whether an account exists (design §10).
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-never-used");
  return decoyHash;
}

/**
 * Logs a member in with e-mail and password and starts a new session (design §10: a new token
 * on every login). Any failure is the same 'Login failed, please try again'.
 */
export async function login(
  db: Database,
  credentials: { email: string; password: string },
  /**
   * The caller's IP address (unknown only to in-process callers such as tests), and the
   * language the member reads in (a suspension's end is written in it).
   */
  client: { address?: string | undefined; locale?: Locale } = {},
): Promise<LoginResult> {
  const user = await verifyCredentials(db, credentials, client);
  refuseSanctioned(user, client.locale ?? "en");
  // spec §8 'account still pending deletion': the password was right; the client offers to
  // reactivate (POST /api/reactivate.php with the same credentials).
  if (user.deletionRequestedAt) {
    throw new ApiError(409, "pending_deletion", "login.pendingDeletion");
  }
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id);
  return { token, user, expiresAt: session.expiresAt };
}

/**
 * Checks an e-mail and password with the login protections of spec §8 (per-IP limit, lockout
 * per address) and answers the member. Any failure is 'Login failed, please try again'.
 */
export async function verifyCredentials(
  db: Database,
  credentials: { email: string; password: string },
  client: { address?: string | undefined } = {},
): Promise<User> {
  if (client.address) {
    const fromIp = await consumeRateLimit(db, "loginIp", client.address);
    if (!fromIp.allowed) throw new ApiError(429, "rate_limited", "error.rateLimited");
  }
  const address = credentials.email.trim().toLowerCase();
  const lock = await peekRateLimit(db, "loginFailures", address);
  if (!lock.allowed) throw accountBlocked(lock.retryAfterSeconds);

  const user = await findUserByEmail(db, address);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await getDecoyHash()),
    credentials.password,
  );
  if (!user?.passwordHash || !valid) {
    // The failure that reaches the limit already answers with the block.
    const failures = await consumeRateLimit(db, "loginFailures", address);
    if (failures.remaining === 0) throw accountBlocked(failures.retryAfterSeconds);
    throw new ApiError(401, "login_failed", "login.failed");
  }
  return user;
}

/**
 * design §13: a banned member is refused (the login page links the ban page); a suspended one
 * is told until when. Both in the member's language (else the one they read the page in). Only
 * after the password was right, so the answer tells nothing about an address to someone who
 * does not know its password.
 */
export function refuseSanctioned(user: User, pageLocale: Locale, now = new Date()): void {
  if (!sanctionInForce(user, now)) return;
  const locale = toLocale(user.language) ?? pageLocale;
  if (user.sanction === "banned") {
    throw new ApiError(403, "account_banned", "login.banned", undefined, locale);
  }
  const until = suspensionEndText(user.sanctionEndsAt ?? now, locale);
  throw new ApiError(403, "account_suspended", "login.suspended", { until }, locale);
}
