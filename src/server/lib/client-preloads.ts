/**
 * The scripts every island needs (the React renderer, React, the members' shared code), which
 * member pages preload from their head so that a phone fetches them in its first round of
 * requests (issue 30 item 2). The build writes the list in place of the token
 * (scripts/client-chunks.ts); under `astro dev` and Vitest it is empty, as Vite serves modules
 * one by one there.
 */
export const CLIENT_PRELOADS: readonly string[] = ["@@AMORA_CLIENT_PRELOADS@@"].filter((href) =>
  href.startsWith("/"),
);

/**
 * Each island's own scripts, by its module under `src/islands/` (`discovery/SwipeGame`): the
 * build writes them in as JSON in place of the token; empty where Vite serves modules.
 */
const ISLAND_PRELOADS = parseIslandPreloads("@@AMORA_ISLAND_PRELOADS@@");

export function parseIslandPreloads(json: string): Readonly<Record<string, readonly string[]>> {
  return json.startsWith("{") ? (JSON.parse(json) as Record<string, string[]>) : {};
}

/**
 * What a member page preloads: the shared scripts, then the own scripts of the islands it
 * hydrates on load (layouts/Default.astro's `islands`). Without them Astro's island script asks
 * for an island's chunk only once the page's own scripts have run: one more round trip of a
 * phone's network (562 ms on slow 4G) before the page's main control works.
 */
export function memberPagePreloads(
  islands: readonly string[] = [],
  byIsland: Readonly<Record<string, readonly string[]>> = ISLAND_PRELOADS,
): string[] {
  const hrefs = new Set(CLIENT_PRELOADS);
  for (const island of islands) for (const href of byIsland[island] ?? []) hrefs.add(href);
  return [...hrefs];
}
