import {
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import type { Site } from "../sites/registry";
import type { User } from "../users/schema";
import { mediaSigningKey } from "./media-key-schema";

/*
 * Signed media URLs (design §8): `${cdn_prefix}/media/<file>?v=<viewer>&e=<expiry>&s=<signature>`.
 * Who may see which photo is decided where an answer is built (service.ts: toGallery and the
 * callers of toPhotoView), which mints URLs only for what its viewer may open; /media checks the
 * signature and the expiry alone, with no database and no session, so a page of 24 cards costs
 * 24 file reads and a browser or CDN can keep each file per URL.
 */

/**
 * A URL lives 60 to 70 minutes. Its expiry is the first 10-minute boundary after an hour from
 * now, so the URLs minted for one viewer and file within those 10 minutes are byte-identical and
 * come from the browser's or a CDN's cache; and a right withdrawn (a block, a lapsed premium, a
 * disabled profile) ends with the URLs already given out, within 70 minutes at most.
 */
export const MEDIA_URL_LIFETIME_SECONDS = 60 * 60;
export const MEDIA_URL_BUCKET_SECONDS = 10 * 60;
/** HMAC-SHA256 truncated to 128 bits (NIST SP 800-107 §5.3.4): far beyond guessing. */
const SIGNATURE_BYTES = 16;
const SIGNATURE = /^[A-Za-z0-9_-]{22}$/;
/** A user id or an expiry as we write them: plain decimal digits, no sign, no leading zero. */
const NUMBER = /^(?:0|[1-9][0-9]{0,14})$/;

/**
 * A KeyObject, not the bytes: given a Buffer, createHmac makes a key object of it on every call
 * (about 25 µs on Node 24, against 4 µs for the whole HMAC with a KeyObject).
 */
let signingKey: KeyObject | undefined;

/**
 * Reads the signing key into this process, making it first if the database has none (32 random
 * bytes; of two processes starting at once, the first insert wins and both read it). Run once
 * at start-up by getReadyDb (src/server/startup.ts), so signing and checking stay synchronous.
 */
export async function loadMediaSigningKey(db: Database): Promise<void> {
  // A second try covers a rotation (the row deleted) between this process's insert and read.
  for (let attempt = 0; attempt < 2; attempt++) {
    await db
      .insert(mediaSigningKey)
      .values({ id: 1, secret: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db
      .select({ secret: mediaSigningKey.secret })
      .from(mediaSigningKey)
      .where(eq(mediaSigningKey.id, 1));
    if (row) {
      signingKey = createSecretKey(Buffer.from(row.secret, "base64url"));
      signatures.clear();
      return;
    }
  }
  throw new Error("The media signing key could not be stored");
}

/** Has this process read the signing key yet? */
export function hasMediaSigningKey(): boolean {
  return signingKey !== undefined;
}

/**
 * Signatures already computed, by their input: expiries come in 10-minute steps, so a viewer's
 * URL of a file is the same for every answer in those minutes (a search page mints 72, a card
 * is shown again and again, and /media checks the same URLs over and over). About 150 bytes an
 * entry; emptied when the key changes.
 */
const signatures = new LRUCache<string, string>({ max: 100_000 });

function signatureOf(file: string, viewerId: number, expires: number): string {
  if (!signingKey) {
    throw new Error("The media signing key is not loaded: open the database with getReadyDb()");
  }
  // A line break cannot occur in a storage key, so the three parts cannot run into each other.
  const input = `${file}\n${viewerId}\n${expires}`;
  let signature = signatures.get(input);
  if (signature === undefined) {
    signature = createHmac("sha256", signingKey)
      .update(input)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString("base64url");
    signatures.set(input, signature);
  }
  return signature;
}

/**
 * The expiry (unix seconds) of the URLs minted at `now`.
 * @example mediaUrlExpiry(new Date("2030-01-01T12:05:00Z")) // 13:10 of that day, in seconds
 */
export function mediaUrlExpiry(now: Date): number {
  const earliest = Math.floor(now.getTime() / 1000) + MEDIA_URL_LIFETIME_SECONDS;
  return (Math.floor(earliest / MEDIA_URL_BUCKET_SECONDS) + 1) * MEDIA_URL_BUCKET_SECONDS;
}

/** Mints the /media URLs of one request's answer for the viewer who receives it. */
export type MediaSigner = {
  /** The user id the URLs are minted for; 0 for a visitor. */
  readonly viewerId: number;
  /**
   * @example signer.url("p/3f/3f9c…-thumb.webp")
   *   // "https://cdn.example/media/p/3f/3f9c…-thumb.webp?v=12&e=1893502200&s=…"
   */
  url(file: string): string;
};

/** The signer of one request: the site's cdn_prefix, the viewer (null: a visitor), one `now`. */
export function createMediaSigner(
  site: Pick<Site, "cdnPrefix">,
  viewer: Pick<User, "id"> | null,
  now: Date = new Date(),
): MediaSigner {
  const viewerId = viewer?.id ?? 0;
  const expires = mediaUrlExpiry(now);
  return {
    viewerId,
    url: (file) =>
      `${site.cdnPrefix}/media/${file}?v=${viewerId}&e=${expires}&s=${signatureOf(file, viewerId, expires)}`,
  };
}

/** The query of a /media URL as it arrived. */
export type MediaUrlQuery = {
  v?: string | undefined;
  e?: string | undefined;
  s?: string | undefined;
};

/**
 * When a /media URL with this file and query may still be opened, in unix seconds: it was
 * minted here (the signature covers the file, the viewer and the expiry) and has not expired.
 * Null otherwise: a missing, tampered or another viewer's signature, or an expired URL.
 */
export function verifyMediaUrl(
  file: string,
  query: MediaUrlQuery,
  now: Date = new Date(),
): number | null {
  const { v, e, s } = query;
  if (!v || !e || !s || !NUMBER.test(v) || !NUMBER.test(e) || !SIGNATURE.test(s)) return null;
  const expires = Number(e);
  if (expires <= Math.floor(now.getTime() / 1000)) return null;
  const expected = signatureOf(file, Number(v), expires);
  // Compared as text: two base64url spellings of one digest differ in their last character's
  // unused bits, and only the one we wrote is accepted.
  return timingSafeEqual(Buffer.from(s), Buffer.from(expected)) ? expires : null;
}
