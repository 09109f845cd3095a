import { atom } from "nanostores";
import { useEffect } from "react";
import { ownTimeZone } from "../lib/time-zone";
import { useSeededStore } from "./seeded";

/** The zone the page's times are written in (issue 29 item 17, src/lib/time-zone.ts). */
export const $timeZone = atom("UTC");

/**
 * The zone for an island's times: the server's (its `tz` cookie) while the island hydrates, so
 * the first render matches the server's HTML; then the browser's own, if that differs.
 */
export function useTimeZone(serverZone: string): string {
  const zone = useSeededStore($timeZone, serverZone);
  useEffect(() => {
    const own = ownTimeZone();
    if (own && own !== $timeZone.get()) $timeZone.set(own);
  }, []);
  return zone;
}
