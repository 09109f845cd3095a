import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { decodeBase64, encodeBase64NoPadding } from "@oslojs/encoding";

const argon2Async = promisify(argon2);

/** argon2id's cost: memory in KiB, passes over it, lanes. */
export type HashCost = { memory: number; passes: number; parallelism: number };

/** design §2: argon2id with m = 19 MiB, t = 2, p = 1 (OWASP ASVS 5.0 minimum). */
const COST: HashCost = { memory: 19 * 1024, passes: 2, parallelism: 1 };

/**
 * Hashes a password into a PHC string that carries its salt and parameters, so they can be
 * raised later without breaking stored hashes. Only tests pass another cost (src/test/members.ts).
 * @example await hashPassword("s3cret") // "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>"
 */
export async function hashPassword(password: string, cost: HashCost = COST): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async("argon2id", { ...cost, tagLength: 32, message: password, nonce });
  const { memory, passes, parallelism } = cost;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${encodeBase64NoPadding(nonce)}$${encodeBase64NoPadding(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function decodeUnpadded(value: string): Uint8Array {
  return decodeBase64(value.padEnd(Math.ceil(value.length / 4) * 4, "="));
}

/** Checks a password against a stored PHC hash in constant time; false for malformed hashes. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  const match = PHC.exec(storedHash);
  if (!match) return false;
  const [, memory, passes, parallelism, salt = "", expected = ""] = match;
  const expectedBytes = decodeUnpadded(expected);
  const actual = await argon2Async("argon2id", {
    message: password,
    nonce: decodeUnpadded(salt),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedBytes.length,
  });
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}
