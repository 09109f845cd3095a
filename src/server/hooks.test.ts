import { describe, expect, it } from "vitest";
import { createTestMember } from "../test/members";
import { blockProfile } from "./blocks/service";
import { eventsSince } from "./events/bus";
import { registerHooks } from "./hooks";
import { getReadyDb } from "./startup";

describe("the features' hooks (hooks.ts)", () => {
  it("are registered by start-up, once however often it runs", async () => {
    // The test set-up opened the database (getReadyDb); start-up runs again for each app, and
    // registerHooks may be called on its own.
    const db = await getReadyDb();
    await getReadyDb();
    registerHooks();
    const [alice, bob] = [await createTestMember(db), await createTestMember(db)];
    await blockProfile(db, alice.profile.id, bob.profile.id);
    // Chat follows the block (chat/hooks.ts): each member's list changed, told once.
    for (const member of [alice, bob]) {
      const events = await eventsSince(db, member.user.id, 0);
      expect(events.filter((event) => event.type === "chats")).toHaveLength(1);
    }
  });
});
