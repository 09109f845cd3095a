import { createHash } from "node:crypto";

/** IBAN lengths by country (ISO 13616 registry), so a match is cut where the account ends. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  ad: 24,
  ae: 23,
  al: 28,
  at: 20,
  az: 28,
  ba: 20,
  be: 16,
  bg: 22,
  bh: 22,
  br: 29,
  by: 28,
  ch: 21,
  cr: 22,
  cy: 28,
  cz: 24,
  de: 22,
  dk: 18,
  do: 28,
  ee: 20,
  eg: 29,
  es: 24,
  fi: 18,
  fo: 18,
  fr: 27,
  gb: 22,
  ge: 22,
  gi: 23,
  gl: 18,
  gr: 27,
  gt: 28,
  hr: 21,
  hu: 28,
  ie: 22,
  il: 23,
  is: 26,
  it: 27,
  jo: 30,
  kw: 30,
  kz: 20,
  lb: 28,
  li: 21,
  lt: 20,
  lu: 20,
  lv: 21,
  mc: 27,
  md: 24,
  me: 22,
  mk: 19,
  mr: 27,
  mt: 31,
  mu: 30,
  nl: 18,
  no: 15,
  pk: 24,
  pl: 28,
  ps: 29,
  pt: 25,
  qa: 29,
  ro: 24,
  rs: 22,
  sa: 24,
  se: 24,
  si: 19,
  sk: 24,
  sm: 27,
  tn: 24,
  tr: 26,
  ua: 29,
  vg: 24,
  xk: 20,
};

/**
 * The IBAN at the start of `candidate` (lower case, spaces or dashes between groups allowed),
 * as written, if its country's length and its ISO 7064 mod-97 check digits hold; else null.
 * @example findIban("de89 3704 0044 0532 0130 00 thanks") // "de89 3704 0044 0532 0130 00"
 */
export function findIban(candidate: string): string | null {
  const length = IBAN_LENGTHS[candidate.slice(0, 2)];
  if (length === undefined) return null;
  let compact = "";
  let end = 0;
  while (end < candidate.length && compact.length < length) {
    const char = candidate[end] as string;
    if (/[a-z0-9]/.test(char)) compact += char;
    else if (char !== " " && char !== "-") return null;
    end += 1;
  }
  if (compact.length !== length || /[a-z0-9]/.test(candidate[end] ?? "")) return null;
  let remainder = 0;
  for (const char of compact.slice(4) + compact.slice(0, 4)) {
    const code = char.charCodeAt(0);
    // Letters count as two digits (a = 10 … z = 35), digits as one.
    remainder = code >= 97 ? (remainder * 100 + code - 87) % 97 : (remainder * 10 + code - 48) % 97;
  }
  return remainder === 1 ? candidate.slice(0, end) : null;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function sha256(bytes: Uint8Array): Buffer {
  return createHash("sha256").update(bytes).digest();
}

/**
 * Whether `address` is Base58Check (Bitcoin P2PKH/P2SH, TRON) with one of `versions` as its
 * first byte: 25 bytes whose last 4 are the double SHA-256 of the rest.
 */
export function isBase58CheckAddress(address: string, versions: readonly number[]): boolean {
  let value = 0n;
  for (const char of address) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return false;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 255n));
  for (let i = 0; address[i] === "1"; i += 1) bytes.unshift(0);
  if (bytes.length !== 25 || !versions.includes(bytes[0] as number)) return false;
  const payload = Uint8Array.from(bytes.slice(0, 21));
  const check = sha256(sha256(payload));
  return bytes.slice(21).every((byte, i) => byte === check[i]);
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** Whether `address` (lower case, "bc1…") carries a valid bech32 or bech32m checksum (BIP 173/350). */
export function isBech32Address(address: string): boolean {
  const separator = address.lastIndexOf("1");
  const prefix = address.slice(0, separator);
  const values = [...prefix].map((c) => c.charCodeAt(0) >> 5);
  values.push(0, ...[...prefix].map((c) => c.charCodeAt(0) & 31));
  for (const char of address.slice(separator + 1)) {
    const value = BECH32.indexOf(char);
    if (value < 0) return false;
    values.push(value);
  }
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATORS.forEach((generator, i) => {
      if ((top >>> i) & 1) checksum ^= generator;
    });
  }
  return checksum === 1 || checksum === 0x2bc830a3;
}
