import { and, eq, inArray, lte, not, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "../request/context";
import { getEnv } from "./env";
import { ApiError } from "./errors";
import { rateLimits } from "./rate-limit-schema";

/**
 * The rate-limit policies of design §10, in one place. `limit` requests per `windowSeconds` per
 * subject (an IP address, an e-mail address, a member).
 */
export const RATE_LIMIT_POLICIES = {
  /**
   * Logins from one IP address (LOGIN_IP_LIMIT: raise it for a browser-test run, whose parallel
   * journeys all sign in from 127.0.0.1).
   */
  loginIp: { limit: getEnv().LOGIN_IP_LIMIT, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one e-mail address (spec §8: the account is then blocked for the rest of
   * the window). Counted per address typed, known or not, so the block reveals no account.
   */
  loginFailures: { limit: 5, windowSeconds: 15 * 60 },
  /** Staff sign-ins from one IP address (design §13), counted apart from members' logins. */
  staffLoginIp: { limit: getEnv().LOGIN_IP_LIMIT, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords or TOTP codes for one staff address typed, known or not: the account is
   * then blocked for the rest of the window, and a code cannot be guessed in 15 minutes.
   */
  staffLoginFailures: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * New accounts from one IP address (SIGNUP_IP_LIMIT: raise it where many people share one
   * address, or for a browser-test run that signs up many members from 127.0.0.1).
   */
  signupIp: { limit: getEnv().SIGNUP_IP_LIMIT, windowSeconds: 60 * 60 },
  /**
   * Password reset e-mails per address typed, known or not (spec §8: 'Too many password reset
   * emails sent, please try again tomorrow').
   */
  passwordReset: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /** Activation e-mails sent again for one member. */
  activationResend: { limit: 5, windowSeconds: 24 * 60 * 60 },
  /**
   * E-mail changes one member asks for (spec §2 Settings): each one mails the address typed, and
   * a person changes their address once in a long while, allowing for a typo or two.
   */
  emailChange: { limit: 5, windowSeconds: 24 * 60 * 60 },
  /**
   * ...and per address typed, taken or free alike (so the limit tells nothing), so that members
   * cannot flood an outside address with our mails.
   */
  emailChangeAddress: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /** Complaints from one IP address: each one e-mails the support team. */
  complaintIp: { limit: 5, windowSeconds: 60 * 60 },
  /** Photo uploads of one member: each one costs a few hundred milliseconds of image work. */
  photoUpload: { limit: 30, windowSeconds: 60 * 60 },
  /** Likes, unlikes, blocks and gifts of one member: people, not scripts, click these. */
  likes: { limit: 300, windowSeconds: 60 * 60 },
  /**
   * Likes one member gives outside the swipe game (which counts its own) in a day: no person
   * likes this many, while a script that likes every card it is shown stops here.
   */
  likesDaily: { limit: 400, windowSeconds: 24 * 60 * 60 },
  /**
   * Chat messages of one member (text, images, gifts): a person writes a few a minute at most;
   * a script that spams many members stops here, and the refused text stays in the member's box.
   */
  messages: { limit: 20, windowSeconds: 60 },
  /** New conversations one member starts in an hour: reaching out to everyone is spam. */
  conversations: { limit: 40, windowSeconds: 60 * 60 },
  /** Push subscriptions one member saves or removes: a browser does this once per visit. */
  pushSubscriptions: { limit: 30, windowSeconds: 60 * 60 },
  /** Orders one member makes: a person buys a few packages at most, and retries a failed one. */
  orders: { limit: 30, windowSeconds: 60 * 60 },
  /**
   * Discount codes one member looks up (GET /api/discountcode.php?code=): a person types a code
   * or two and a few typos; a script guessing codes stops here.
   */
  discountCodeLookups: { limit: 20, windowSeconds: 60 * 60 },
  /** Direct-debit codes texted per member: each text costs money and reaches a phone. */
  directDebitCodes: { limit: 5, windowSeconds: 60 * 60 },
  /** ...and per phone number, so many accounts cannot flood one phone with texts. */
  directDebitCodesPhone: { limit: 5, windowSeconds: 24 * 60 * 60 },
  /**
   * Payment webhook notices from one IP address. Generous, far above what a provider sends one
   * shop, so a genuine notice is never refused; over it the answer is 429, and a provider sends
   * a refused notice again later (Mollie retries any answer but 2xx).
   */
  paymentWebhookIp: { limit: 1200, windowSeconds: 60 },
  /** Geocoding from one IP address. */
  geocodeIp: { limit: 60, windowSeconds: 60 * 60 },
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

export type RateLimitResult = {
  allowed: boolean;
  /** Requests left in this window after this one (0 when the limit is reached). */
  remaining: number;
  retryAfterSeconds: number;
};

function windowOf(policy: RateLimitPolicy, now: number) {
  const { limit, windowSeconds } = RATE_LIMIT_POLICIES[policy];
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
  return { limit, windowStart, retryAfterSeconds };
}

/** Tells whether a subject is over a policy's limit, without counting a request. */
export async function peekRateLimit(
  db: Database,
  policy: RateLimitPolicy,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { limit, windowStart, retryAfterSeconds } = windowOf(policy, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.key, `${policy}:${subject}`), eq(rateLimits.windowStart, windowStart)),
    );
  const count = row?.count ?? 0;
  return { allowed: count < limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/**
 * Counts one request against a policy and tells whether it is within the limit. One atomic
 * upsert per call, so concurrent requests on several nodes are counted exactly.
 */
export async function consumeRateLimit(
  db: Database,
  policy: RateLimitPolicy,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { limit, windowStart, retryAfterSeconds } = windowOf(policy, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${policy}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/**
 * Erasure (spec §1): removes every counter kept under a subject (an e-mail address is the subject
 * of the login and password-reset policies), so no key names the erased member any more.
 */
export async function deleteRateLimitsOf(db: Database, subject: string): Promise<void> {
  const keys = Object.keys(RATE_LIMIT_POLICIES).map((policy) => `${policy}:${subject}`);
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/**
 * The caller's address for the login limits, which skip a caller without one: in-process requests
 * (tests, `app.request()`) come from no client, and must not share one counter between them.
 */
export function socketClientAddress(c: Context<AppEnv>): string | undefined {
  return c.env?.clientAddress ? c.get("client").address : undefined;
}

/** The caller's IP address by the trusted-proxy rule, the subject of per-address policies. */
export function clientAddress(c: Context<AppEnv>): string {
  return c.get("client").address;
}

/** Counts a request against a policy; over the limit it answers 429 with Retry-After. */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  policy: RateLimitPolicy,
  subject: string,
): Promise<void> {
  const result = await consumeRateLimit(c.get("db"), policy, subject);
  if (!result.allowed) {
    c.header("retry-after", String(result.retryAfterSeconds));
    throw new ApiError(429, "rate_limited", "error.rateLimited");
  }
}

/**
 * design §10a: deletes the counters of windows that are over. A window's count is read only
 * while the window lasts, so an ended one is useless, and its key names an address or a member.
 * Keys of a policy no longer defined go once the longest window is over. Answers the rows deleted.
 */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<number> {
  const policies = Object.entries(RATE_LIMIT_POLICIES);
  const ended = (windowSeconds: number) =>
    lte(rateLimits.windowStart, new Date(now.getTime() - windowSeconds * 1000));
  const longest = Math.max(...policies.map(([, policy]) => policy.windowSeconds));
  const ofPolicy = (name: string) => sql`starts_with(${rateLimits.key}, ${`${name}:`})`;
  const deleted = await db
    .delete(rateLimits)
    .where(
      or(
        ...policies.map(([name, policy]) => and(ofPolicy(name), ended(policy.windowSeconds))),
        and(not(or(...policies.map(([name]) => ofPolicy(name))) ?? sql`false`), ended(longest)),
      ),
    )
    .returning({ key: rateLimits.key });
  return deleted.length;
}
