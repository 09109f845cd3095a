/**
 * spec §8, §9: when a code chunk fails to load (usually a deploy replaced it), reload the page,
 * at most once per minute so a broken deploy cannot loop.
 */
const KEY = "chunk-reload-at";
const MIN_INTERVAL_MS = 60_000;
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= MIN_INTERVAL_MS;
}

function reloadOnce(): void {
  const last = Number(sessionStorage.getItem(KEY)) || null;
  if (!shouldReload(last, Date.now())) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  location.reload();
}

if (typeof window !== "undefined") {
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? "");
    if (CHUNK_ERROR.test(message)) reloadOnce();
  });
}
