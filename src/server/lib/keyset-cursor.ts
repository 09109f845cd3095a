import { ValidationError } from "./errors";

/**
 * The cursor of a list paged by keyset on (a timestamp, an id), newest first: the last row's
 * stored timestamp (as text, to the microsecond) and id, opaque to clients.
 * @example encodeKeysetCursor("2026-11-23 10:00:00.123456+00", 42)
 */
export function encodeKeysetCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

/** A cursor back into its parts; anything else is a 422 on `cursor`, never a 500. */
export function decodeKeysetCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (
      typeof at === "string" &&
      !Number.isNaN(Date.parse(at)) &&
      Number.isSafeInteger(id) &&
      id > 0
    ) {
      return { at, id };
    }
  } catch {}
  throw new ValidationError({ cursor: { key: "validation.invalid" } });
}
