import type { GeocodeAnswer } from "../contract/geo";
import { api } from "./api-client";

/** spec §4 Geolocation permission: unsupported, unknown, or the browser's own state. */
export type GeoPermission = "unsupported" | "unknown" | PermissionState;

export type { GeocodeAnswer };

/** spec §9: a position (and what it means) is good for an hour. */
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;
const CACHE_KEY = "geocode";

export async function getGeoPermission(): Promise<GeoPermission> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return "unsupported";
  try {
    return (await navigator.permissions.query({ name: "geolocation" })).state;
  } catch {
    // Some browsers have geolocation but no Permissions API for it.
    return "unknown";
  }
}

function readCache(): GeocodeAnswer | null {
  try {
    const cached = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? "null") as {
      at: number;
      answer: GeocodeAnswer;
    } | null;
    return cached && Date.now() - cached.at < GEOLOCATION_MAX_AGE_MS ? cached.answer : null;
  } catch {
    return null;
  }
}

/**
 * Asks the browser where the member is and the server what country and region that is. The
 * position is rounded to about a kilometre before it leaves the browser; only the answer is
 * kept, for an hour.
 */
export async function locateMember(): Promise<GeocodeAnswer> {
  const cached = readCache();
  if (cached) return cached;
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: 15_000,
      enableHighAccuracy: false,
    }),
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  const answer = await api("GET /api/geocode.php", {
    query: { lat: round(position.coords.latitude), lon: round(position.coords.longitude) },
  });
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), answer }));
  } catch {
    // Not kept: the next use asks again.
  }
  return answer;
}
