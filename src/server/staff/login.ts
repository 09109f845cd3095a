import { and, eq, lt, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../auth/password";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { consumeRateLimit, peekRateLimit } from "../lib/rate-limit";
import { recordStaffAction } from "./audit";
import { type StaffAccount, staffAccounts } from "./schema";
import { createStaffSession, endStaffSession, type SignedInStaff } from "./session";
import { matchTotp } from "./totp";

/** spec §8's words for members, the same lockout for staff: 'blocked for {minutes} min'. */
function accountBlocked(retryAfterSeconds: number): ApiError {
  return new ApiError(429, "account_blocked", "login.blocked", {
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  });
}

/** One answer for a wrong address, password or code: none tells which part was wrong. */
function loginFailed(): ApiError {
  return new ApiError(401, "login_failed", "staff.loginFailed");
}

// Unknown addresses verify against a real hash, so they take as long as a wrong password.
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-never-used");
  return decoyHash;
}

export async function findStaffByEmail(
  db: Database,
  email: string,
): Promise<StaffAccount | undefined> {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(eq(sql`lower(${staffAccounts.email})`, email.trim().toLowerCase()))
    .limit(1);
  return account;
}

/**
 * Accepts a TOTP step for an account once: the account's last step moves forward only if it
 * is still before this one, so two sign-ins racing with one code get one session.
 */
async function claimTotpStep(db: Database, staffId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(staffAccounts)
    .set({ lastTotpStep: step })
    .where(and(eq(staffAccounts.id, staffId), lt(staffAccounts.lastTotpStep, step)))
    .returning({ id: staffAccounts.id });
  return claimed.length === 1;
}

/**
 * design §13: a staff sign-in with e-mail, password and TOTP code, locked out like members'
 * logins (5 failures an address in 15 minutes, per IP a limit) and audited: the sign-in, and a
 * failed attempt on an existing account. A disabled account is refused once its credentials
 * are right (so the refusal tells a stranger nothing).
 */
export async function staffLogin(
  db: Database,
  credentials: { email: string; password: string; totp: string },
  client: { address?: string | undefined; ip: string | null },
  now = Date.now(),
): Promise<{ token: string } & SignedInStaff> {
  if (client.address) {
    const fromIp = await consumeRateLimit(db, "staffLoginIp", client.address, now);
    if (!fromIp.allowed) throw new ApiError(429, "rate_limited", "error.rateLimited");
  }
  const address = credentials.email.trim().toLowerCase();
  const lock = await peekRateLimit(db, "staffLoginFailures", address, now);
  if (!lock.allowed) throw accountBlocked(lock.retryAfterSeconds);

  const account = await findStaffByEmail(db, address);
  const passwordRight = await verifyPassword(
    account?.passwordHash ?? (await getDecoyHash()),
    credentials.password,
  );
  const step =
    account && passwordRight
      ? matchTotp(account.totpSecret, credentials.totp, account.lastTotpStep, now)
      : null;
  if (!account || step === null || !(await claimTotpStep(db, account.id, step))) {
    if (account) {
      await recordStaffAction(
        db,
        { staff: { id: account.id, role: account.role }, ip: client.ip },
        { action: "staff.login_failed", target: { type: "staff", id: account.id } },
      );
    }
    const failures = await consumeRateLimit(db, "staffLoginFailures", address, now);
    if (failures.remaining === 0) throw accountBlocked(failures.retryAfterSeconds);
    throw loginFailed();
  }
  if (account.disabledAt) throw new ApiError(403, "staff_disabled", "staff.disabled");
  return db.transaction(async (tx) => {
    const { token, session } = await createStaffSession(tx, account.id, client.ip, now);
    await recordStaffAction(
      tx,
      { staff: { id: account.id, role: account.role }, ip: client.ip },
      { action: "staff.login", target: { type: "staff", id: account.id } },
    );
    return { token, account: { ...account, lastTotpStep: step }, session };
  });
}

/** Ends a staff session, audited in the same transaction. */
export async function staffLogout(db: Database, signedIn: SignedInStaff, ip: string | null) {
  await db.transaction(async (tx) => {
    await endStaffSession(tx, signedIn.session.id);
    await recordStaffAction(
      tx,
      { staff: { id: signedIn.account.id, role: signedIn.account.role }, ip },
      { action: "staff.logout", target: { type: "staff", id: signedIn.account.id } },
    );
  });
}
