import { atom, computed } from "nanostores";

/** spec §3 Chat state: the unread message total and the new likes total. */
export const $unreadMessages = atom(0);
export const $newLikes = atom(0);

/** spec §4: the page title prefix and the app badge show unread messages plus new likes. */
export const $attentionCount = computed(
  [$unreadMessages, $newLikes],
  (unread, likes) => unread + likes,
);

/**
 * spec §2, §9: badges cap at 99+.
 * @example formatBadgeCount(120) // "99+"
 */
export function formatBadgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/**
 * spec §4: "(3) Title" while something waits for the member, the bare title otherwise.
 * @example prefixTitle("Members – Amora", 3) // "(3) Members – Amora"
 */
export function prefixTitle(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** Keeps document.title and the installed app's badge in step with the count. */
export function bindAttentionCount(): () => void {
  return $attentionCount.subscribe((count) => {
    document.title = prefixTitle(document.title, count);
    const nav = navigator as Navigator & {
      setAppBadge?: (count: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (count > 0) nav.setAppBadge?.(count).catch(() => {});
    else nav.clearAppBadge?.().catch(() => {});
  });
}

/**
 * spec §2: the credit badge shows at 10 or less: warning above 0, danger at 0.
 * @example creditBadgeVariant(4) // "warning"
 */
export function creditBadgeVariant(credits: number): "warning" | "danger" | null {
  if (credits <= 0) return "danger";
  if (credits <= 10) return "warning";
  return null;
}
