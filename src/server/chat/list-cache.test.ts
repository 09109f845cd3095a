import { describe, expect, it } from "vitest";
import type { ChatsAnswer } from "../../contract/chat";
import { createTestMember } from "../../test/members";
import { publishEvent } from "../events/bus";
import { getReadyDb } from "../startup";
import { cachedChatList } from "./list-cache";

const empty = (unread: number): ChatsAnswer => ({
  chats: [],
  next_cursor: null,
  unread_total: unread,
});

/** Waits until the event's notification has reached this process's hub. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the chat list cache", () => {
  it("answers again from the cache until an event for the member drops it", async () => {
    const db = await getReadyDb();
    const { user } = await createTestMember(db);
    let loads = 0;
    const load = async () => empty(++loads);
    expect((await cachedChatList(user.id, "en", load)).unread_total).toBe(1);
    expect((await cachedChatList(user.id, "en", load)).unread_total).toBe(1);
    // Another language is another answer (region names, ages are in it).
    expect((await cachedChatList(user.id, "de", load)).unread_total).toBe(2);

    await publishEvent(db, user.id, { type: "chats", data: { unread_total: 0 } });
    await settle();
    expect((await cachedChatList(user.id, "de", load)).unread_total).toBe(3);
  });

  it("keeps no answer loaded while an event for the member came", async () => {
    const db = await getReadyDb();
    const { user } = await createTestMember(db);
    let loads = 0;
    const racing = async () => {
      loads++;
      // The list was read, then a message committed before the answer was stored.
      await publishEvent(db, user.id, { type: "chats", data: { unread_total: 1 } });
      await settle();
      return empty(0);
    };
    await cachedChatList(user.id, "en", racing);
    await cachedChatList(user.id, "en", async () => empty(++loads));
    expect(loads).toBe(2);
  });
});
