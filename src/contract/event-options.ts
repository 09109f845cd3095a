/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries): design §7. */

/**
 * Every event name GET /api/events.php sends (the union of src/contract/events.ts, checked
 * against it there and in its test): the page's stream listens for each (src/stores/events.ts),
 * so one the server can send is never left unheard (issue 29 item 13: `likes` was).
 */
export const STREAM_EVENT_TYPES = [
  "message",
  "receipt",
  "chats",
  "credits",
  "like",
  "likes",
  "match",
  "sanction",
  "typing",
] as const;
