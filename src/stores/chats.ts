import { atom } from "nanostores";
import type { ChatsAnswer } from "../contract/chat";
import { api } from "../lib/api-client";
import { $unreadMessages } from "./counts";

/** spec §3 Chat state: the first page of the member's chats, as last loaded. */
export const $chats = atom<ChatsAnswer | null>(null);

/** Reloads the chat list (spec §9: periodically, and when a push or an event says so). */
export async function refreshChats(): Promise<ChatsAnswer> {
  const answer = await api("GET /api/chats.php");
  $chats.set(answer);
  $unreadMessages.set(answer.unread_total);
  return answer;
}
