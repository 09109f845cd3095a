import type { Region, RegionsAnswer } from "../contract/geo";
import type { Interest, InterestsAnswer } from "../contract/profiles";
import { apiFetch } from "../lib/api-client";

export type { Interest, Region };

const loaded = new Map<string, Promise<unknown>>();

/**
 * spec §4: interests and regions load once and are cached: in memory for the page, and in
 * sessionStorage for the visit, per language.
 */
function loadOnce<T>(path: string, locale: string): Promise<T> {
  const key = `catalogue:${path}:${locale}`;
  let promise = loaded.get(key) as Promise<T> | undefined;
  if (!promise) {
    const stored = typeof sessionStorage === "undefined" ? null : sessionStorage.getItem(key);
    promise = stored
      ? Promise.resolve(JSON.parse(stored) as T)
      : apiFetch<T>(path).then((value) => {
          try {
            sessionStorage.setItem(key, JSON.stringify(value));
          } catch {
            // A full or disabled storage only costs a second download.
          }
          return value;
        });
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

export async function loadRegions(locale: string): Promise<Record<string, Region[]>> {
  return (await loadOnce<RegionsAnswer>("/api/regions.php", locale)).regions;
}

export async function loadInterests(locale: string): Promise<Interest[]> {
  return (await loadOnce<InterestsAnswer>("/api/interests.php", locale)).interests;
}
