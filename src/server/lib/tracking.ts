import type { TrackingField } from "../../contract/account-options";

/** spec §3 Tracking data, captured from the landing URL. */
export type TrackingData = Partial<Record<TrackingField, string>>;

export const TRACKING_COOKIE = "tracking";
export const TRACKING_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
const FIELDS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
const SAFE = /^[\w.:~-]{1,100}$/;

/**
 * spec §3 Tracking data from a landing URL; null when the URL carries none.
 * @example readTrackingParams(new URL("https://x/?network=ads&sub1=a")) // { network: "ads", sub1: "a" }
 */
export function readTrackingParams(url: URL): TrackingData | null {
  const data: TrackingData = {};
  for (const field of FIELDS) {
    const value = url.searchParams.get(field);
    if (value && SAFE.test(value)) data[field] = value;
  }
  return data.network || data.ref ? data : null;
}

/** The tracking cookie's value, or null when it is missing or not ours. */
export function parseTrackingCookie(value: string | undefined): TrackingData | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object") return null;
    const data: TrackingData = {};
    for (const field of FIELDS) {
      const entry = (parsed as Record<string, unknown>)[field];
      if (typeof entry === "string" && SAFE.test(entry)) data[field] = entry;
    }
    return data.network || data.ref ? data : null;
  } catch {
    return null;
  }
}
