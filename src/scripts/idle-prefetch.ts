import { prefetch } from "astro:prefetch";

/** spec §9: likely next pages (links marked data-idle-prefetch) are fetched once idle, ≤ 2 s. */
export const IDLE_PREFETCH_TIMEOUT_MS = 2000;

function prefetchLikelyPages(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>("a[data-idle-prefetch]");
  for (const link of links) prefetch(link.href);
}

if ("requestIdleCallback" in window) {
  requestIdleCallback(prefetchLikelyPages, { timeout: IDLE_PREFETCH_TIMEOUT_MS });
} else {
  setTimeout(prefetchLikelyPages, IDLE_PREFETCH_TIMEOUT_MS);
}
