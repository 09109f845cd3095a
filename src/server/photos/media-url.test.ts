import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { defaultSite } from "../sites/registry";
import { mediaSigningKey } from "./media-key-schema";
import {
  createMediaSigner,
  loadMediaSigningKey,
  MEDIA_URL_LIFETIME_SECONDS,
  mediaUrlExpiry,
  verifyMediaUrl,
} from "./media-url";

const FILE = "p/ab/ab12cd34ef56ab12cd34ef56-thumb.webp";
const NOON = new Date("2030-01-01T12:00:00Z");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const at = (time: string) => new Date(`2030-01-01T${time}Z`);

/** The file and query of a minted URL, as /media reads them. */
function parse(url: string) {
  const parsed = new URL(url, "http://x");
  const query = Object.fromEntries(parsed.searchParams) as { v: string; e: string; s: string };
  return { file: parsed.pathname.replace(/^\/media\//, ""), query };
}

describe("media URL expiry", () => {
  it("is the first 10-minute boundary after an hour from now, so a URL lives 60 to 70 minutes", () => {
    expect(mediaUrlExpiry(at("12:00:00"))).toBe(seconds(at("13:10:00")));
    expect(mediaUrlExpiry(at("12:05:00"))).toBe(seconds(at("13:10:00")));
    expect(mediaUrlExpiry(at("12:09:59"))).toBe(seconds(at("13:10:00")));
    expect(mediaUrlExpiry(at("12:10:00"))).toBe(seconds(at("13:20:00")));
    for (const now of [at("12:00:00"), at("12:03:17"), at("12:09:59")]) {
      const lifetime = mediaUrlExpiry(now) - seconds(now);
      expect(lifetime).toBeGreaterThan(MEDIA_URL_LIFETIME_SECONDS);
      expect(lifetime).toBeLessThanOrEqual(MEDIA_URL_LIFETIME_SECONDS + 10 * 60);
    }
  });

  it("mints byte-identical URLs for one viewer within a bucket, new ones in the next", () => {
    const url = (now: Date, viewer: { id: number } | null = { id: 7 }) =>
      createMediaSigner(defaultSite, viewer, now).url(FILE);
    expect(url(at("12:00:00"))).toBe(url(at("12:09:59")));
    expect(url(at("12:10:00"))).not.toBe(url(at("12:09:59")));
    expect(url(NOON, { id: 8 })).not.toBe(url(NOON));
    expect(url(NOON, null)).toMatch(/^\/media\/p\/ab\/[0-9a-f]{24}-thumb\.webp\?v=0&e=[0-9]+&s=/);
  });
});

describe("verifyMediaUrl", () => {
  const expires = mediaUrlExpiry(NOON);
  let minted: ReturnType<typeof parse>;

  beforeAll(() => {
    minted = parse(createMediaSigner(defaultSite, { id: 7 }, NOON).url(FILE));
  });

  it("accepts a minted URL until its expiry, and not from then on", () => {
    expect(verifyMediaUrl(minted.file, minted.query, NOON)).toBe(expires);
    expect(verifyMediaUrl(minted.file, minted.query, new Date((expires - 1) * 1000))).toBe(expires);
    expect(verifyMediaUrl(minted.file, minted.query, new Date(expires * 1000))).toBeNull();
  });

  it("refuses a changed file, viewer, expiry or signature", () => {
    const { query } = minted;
    expect(verifyMediaUrl(FILE.replace("-thumb", "-large"), query, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { ...query, v: "8" }, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { ...query, e: String(expires + 600) }, NOON)).toBeNull();
    const other = query.s.startsWith("A") ? `B${query.s.slice(1)}` : `A${query.s.slice(1)}`;
    expect(verifyMediaUrl(minted.file, { ...query, s: other }, NOON)).toBeNull();
  });

  it("accepts only the spelling it wrote: no other digits, no other base64url of the digest", () => {
    const { query } = minted;
    // 22 base64url characters carry 132 bits: the last one's 4 low bits are unused, so flipping
    // its lowest bit spells the same 16 bytes differently.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(query.s.at(-1) ?? "");
    const alias = `${query.s.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(alias, "base64url")).toEqual(Buffer.from(query.s, "base64url"));
    expect(verifyMediaUrl(minted.file, { ...query, s: alias }, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { ...query, v: "07" }, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { ...query, e: `+${query.e}` }, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { v: query.v, e: query.e }, NOON)).toBeNull();
    expect(verifyMediaUrl(minted.file, { ...query, s: `${query.s}A` }, NOON)).toBeNull();
  });
});

describe("the signing key", () => {
  it("is kept in the database: reading it again signs alike, a new key refuses old URLs", async () => {
    const db = await getDb();
    const url = () => createMediaSigner(defaultSite, { id: 7 }, NOON).url(FILE);
    const before = url();
    // What another process sharing the database does at start-up.
    await loadMediaSigningKey(db);
    expect(url()).toBe(before);

    // Rotation (ARCHITECTURE.md): delete the row, and the next start-up makes a new key.
    await db.delete(mediaSigningKey);
    await loadMediaSigningKey(db);
    const { file, query } = parse(before);
    expect(verifyMediaUrl(file, query, NOON)).toBeNull();
    expect(url()).not.toBe(before);
  });
});
