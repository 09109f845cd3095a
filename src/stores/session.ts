import { atom } from "nanostores";
import type { UserView } from "../contract/users";
import { api, configureApiClient } from "../lib/api-client";
import { refreshChats } from "./chats";
import { reloadLikes } from "./likes";
import { $pushState, unsubscribePush } from "./push";

/** spec §4 Chat state's owner: the logged-in member, or null. */
export const $member = atom<UserView | null>(null);

/** spec §9: refresh every 60 s, or 300 s with push; the first run 5 s after mount. */
export const USER_REFRESH_MS = 60_000;
export const USER_REFRESH_PUSH_MS = 300_000;
export const USER_REFRESH_FIRST_MS = 5_000;

/** spec §8: 403 authentication_required means the member is logged out. */
export function handleLoggedOut(): void {
  const wasLoggedIn = $member.get() !== null;
  $member.set(null);
  if (wasLoggedIn && typeof location !== "undefined") {
    const next = location.pathname + location.search;
    location.assign(`/login?next=${encodeURIComponent(next)}`);
  }
}

configureApiClient({ onAuthenticationRequired: handleLoggedOut });

export async function refreshMember(): Promise<void> {
  const { user } = await api("GET /api/user.php");
  $member.set(user);
}

/**
 * Starts the periodic refresh of the member; returns a stop function. With push on, pushes say
 * when something came, so the refresh runs less often.
 */
export function startMemberRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const run = async (delay: number) => {
    timer = setTimeout(async () => {
      if ($member.get()) {
        await refreshMember().catch(() => {});
        // spec §9: the chats with the user (the unread badge between events), and the likes
        // (issue 29 item 13).
        if ($member.get()) await refreshChats().catch(() => {});
        if ($member.get()) await reloadLikes().catch(() => {});
      }
      if ($member.get()) {
        run($pushState.get() === "subscribed" ? USER_REFRESH_PUSH_MS : USER_REFRESH_MS);
      }
    }, delay);
  };
  run(USER_REFRESH_FIRST_MS);
  return () => clearTimeout(timer);
}

/** A POST, so the origin check keeps other sites from logging the member out. */
export async function logOut(): Promise<void> {
  // This browser's pushes must not reach whoever logs in here next.
  await unsubscribePush().catch(() => {});
  await api("POST /api/logout.php", { retries: 1 }).catch(() => {});
  $member.set(null);
  location.assign("/");
}
