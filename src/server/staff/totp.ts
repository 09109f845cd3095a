import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { generateHOTP, verifyHOTP } from "@oslojs/otp";

/**
 * RFC 6238 as authenticator apps take it: HMAC-SHA-1, 30-second steps, 6 digits, a 20-byte
 * key shown in base32 (RFC 4648, no padding).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** A new TOTP key, base32 as the staff member types it into (or scans it to) their app. */
export function generateTotpSecret(): string {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return encodeBase32UpperCaseNoPadding(key);
}

/** The time step a moment falls in (RFC 6238's T). */
export function totpStepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a step: what the app shows then (tests use it to sign in). */
export function totpCodeAt(secret: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP_DIGITS);
}

/**
 * The step a code belongs to, if it is the code of the current step or one either side (a
 * clock a little off, a code typed as it changed), and later than `lastStep`: a code used once
 * is refused for the rest of its window (RFC 6238 §5.2), and so is any earlier one. Null when
 * the code is not good.
 * @example const step = matchTotp(secret, "123456", account.lastTotpStep, Date.now())
 */
export function matchTotp(
  secret: string,
  code: string,
  lastStep: number,
  now: number,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = totpStepAt(now);
  for (const step of [current - 1, current, current + 1]) {
    if (step <= lastStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}
