import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { chatCalls, premium } from "../../test/chat";
import { type EventStream, openEventStream } from "../../test/event-stream";
import { makePhoneJpeg } from "../../test/images";
import { createLoggedInMember, type TestMember } from "../../test/members";
import { createApp } from "../app";
import { likes } from "../likes/schema";
import { loadNavBadges } from "../request/nav-badges";
import { getReadyDb } from "../startup";

/*
 * The block rule (ARCHITECTURE.md): what a member cannot see is never counted or delivered.
 * Each path a blocked pair could still reach each other by, in both directions of the block.
 */

const app = createApp();
const { sendImage } = chatCalls(app);

const call = memberCaller(app);

async function ok(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer;
}

async function conversationOf(from: TestMember, to: TestMember): Promise<number> {
  const opened = await ok(call("POST", "/api/chat.php", from.cookie, { profile: to.profile.id }));
  return (await opened.json()).conversation;
}

const block = (blocker: TestMember, blocked: TestMember) =>
  ok(call("POST", "/api/block.php", blocker.cookie, { id: blocked.profile.id }));

const badgesOf = async (member: TestMember) =>
  loadNavBadges(await getReadyDb(), { userId: member.user.id, profileId: member.profile.id });

/** A member's open events stream, read event by event (past its `ready`). */
async function openStream(cookie: string) {
  const stream = await openEventStream(app, cookie);
  expect((await stream.next()).event).toBe("ready");
  return stream;
}

/**
 * The next event of a stream that is not about the member's own lists (`chats`, `likes`):
 * what reached them from someone else.
 */
async function nextFromOthers(stream: EventStream) {
  for (;;) {
    const event = await stream.next();
    if (event.event !== "chats" && event.event !== "likes") return event;
  }
}

describe("the block rule: nothing between a blocked pair is delivered (spec §6)", () => {
  it("refuses to open a received chat image once either member blocked the other", async () => {
    const jpeg = await makePhoneJpeg();
    for (const senderBlocks of [true, false]) {
      const [sender, recipient] = [
        await createLoggedInMember(app, premium),
        await createLoggedInMember(app, premium),
      ];
      const conversation = await conversationOf(sender, recipient);
      const sent = await ok(sendImage(sender, conversation, jpeg));
      const { message } = await sent.json();
      if (senderBlocks) await block(sender, recipient);
      else await block(recipient, sender);
      const refused = await call("POST", "/api/chat-image-open.php", recipient.cookie, {
        message: message.id,
      });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error).toBe("not_found");
      // Unblocked, the photo opens as before.
      const [blocker, blocked] = senderBlocks ? [sender, recipient] : [recipient, sender];
      await ok(call("DELETE", `/api/block.php?id=${blocked.profile.id}`, blocker.cookie));
      await ok(call("POST", "/api/chat-image-open.php", recipient.cookie, { message: message.id }));
    }
  });

  it("delivers neither member's typing to the other's page, whoever blocked", async () => {
    const [blocker, blocked, friend] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await conversationOf(blocked, blocker);
    const withFriend = await conversationOf(friend, blocker);
    const withFriendToo = await conversationOf(friend, blocked);
    await block(blocker, blocked);
    const blockers = await openStream(blocker.cookie);
    const blockeds = await openStream(blocked.cookie);

    expect((await call("POST", "/api/typing.php", blocked.cookie, { conversation })).status).toBe(
      404,
    );
    expect((await call("POST", "/api/typing.php", blocker.cookie, { conversation })).status).toBe(
      404,
    );
    // A friend's typing is the next thing either page hears: nothing came between.
    await ok(call("POST", "/api/typing.php", friend.cookie, { conversation: withFriend }));
    expect(await nextFromOthers(blockers)).toEqual({
      event: "typing",
      data: { conversation: withFriend },
    });
    await ok(call("POST", "/api/typing.php", friend.cookie, { conversation: withFriendToo }));
    expect(await nextFromOthers(blockeds)).toEqual({
      event: "typing",
      data: { conversation: withFriendToo },
    });
    await blockers.close();
    await blockeds.close();
  });

  it("sends no delivered or read receipt across a block, in either direction", async () => {
    const [blocker, blocked, friend] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await conversationOf(blocked, blocker);
    await ok(call("POST", "/api/message.php", blocked.cookie, { conversation, text: "Hi" }));
    await ok(call("POST", "/api/message.php", blocker.cookie, { conversation, text: "Hello" }));
    const withFriend = await conversationOf(friend, blocked);
    const withFriendToo = await conversationOf(friend, blocker);
    await block(blocker, blocked);
    const blockers = await openStream(blocker.cookie);
    const blockeds = await openStream(blocked.cookie);

    // Loading the list marks what it holds delivered; reading marks read. Neither reaches
    // the other member of a blocked pair.
    for (const member of [blocker, blocked]) {
      await ok(call("GET", "/api/chats.php", member.cookie));
      expect(
        (await call("POST", "/api/chat-read.php", member.cookie, { conversation })).status,
      ).toBe(404);
    }
    await ok(call("POST", "/api/typing.php", friend.cookie, { conversation: withFriend }));
    expect(await nextFromOthers(blockeds)).toEqual({
      event: "typing",
      data: { conversation: withFriend },
    });
    await ok(call("POST", "/api/typing.php", friend.cookie, { conversation: withFriendToo }));
    expect(await nextFromOthers(blockers)).toEqual({
      event: "typing",
      data: { conversation: withFriendToo },
    });
    await blockers.close();
    await blockeds.close();
  });
});

describe("the block rule: a member cannot like whom they cannot see", () => {
  it("refuses a like for a blocked, unconfirmed or departing member as for no profile at all", async () => {
    const me = await createLoggedInMember(app);
    const [blockedByMe, blockerOfMe, unconfirmed, departing] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app, { status: "not_confirmed", profile: { status: "disabled" } }),
      await createLoggedInMember(app, { password: "departing password 2" }),
    ];
    await block(me, blockedByMe);
    await block(blockerOfMe, me);
    await ok(
      call("POST", "/api/account-delete.php", departing.cookie, {
        password: "departing password 2",
      }),
    );
    for (const other of [blockedByMe, blockerOfMe, unconfirmed, departing]) {
      const refused = await call("POST", "/api/like.php", me.cookie, { id: other.profile.id });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error).toBe("not_found");
    }
    const db = await getReadyDb();
    const given = await db.select().from(likes).where(eq(likes.likerProfileId, me.profile.id));
    expect(given).toEqual([]);
  });
});

describe("the block rule: the badges count what the lists show", () => {
  it("counts no unread message of a blocked conversation, on either side, until an unblock", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const conversation = await conversationOf(alice, bob);
    for (const text of ["One", "Two"]) {
      await ok(call("POST", "/api/message.php", alice.cookie, { conversation, text }));
    }
    await ok(call("POST", "/api/message.php", bob.cookie, { conversation, text: "Three" }));
    expect((await badgesOf(bob)).unreadMessages).toBe(2);
    expect((await badgesOf(alice)).unreadMessages).toBe(1);

    await block(bob, alice);
    for (const member of [alice, bob]) {
      expect((await badgesOf(member)).unreadMessages).toBe(0);
      const list = await (await ok(call("GET", "/api/chats.php", member.cookie))).json();
      expect(list).toMatchObject({ chats: [], unread_total: 0 });
    }

    await ok(call("DELETE", `/api/block.php?id=${alice.profile.id}`, bob.cookie));
    expect((await badgesOf(bob)).unreadMessages).toBe(2);
    expect((await badgesOf(alice)).unreadMessages).toBe(1);
  });

  it("counts as new likes only those the likes list shows: no blocked, unconfirmed or departing liker", async () => {
    const me = await createLoggedInMember(app);
    const [friend, blockedByMe, blockerOfMe, unconfirmed, departing] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      // An account that is not confirmed has a disabled profile (auth/signup.ts).
      await createLoggedInMember(app, { status: "not_confirmed", profile: { status: "disabled" } }),
      await createLoggedInMember(app, { password: "departing password 1" }),
    ];
    for (const liker of [friend, blockedByMe, blockerOfMe, departing]) {
      await ok(call("POST", "/api/like.php", liker.cookie, { id: me.profile.id }));
    }
    // An unconfirmed account cannot like (issue 25): this like is from before that rule.
    const db = await getReadyDb();
    await db
      .insert(likes)
      .values({ likerProfileId: unconfirmed.profile.id, likedProfileId: me.profile.id });
    await block(me, blockedByMe);
    await block(blockerOfMe, me);
    await ok(
      call("POST", "/api/account-delete.php", departing.cookie, {
        password: "departing password 1",
      }),
    );

    const list = await (await ok(call("GET", "/api/likes.php?type=received", me.cookie))).json();
    expect(list.profiles.map((card: { id: number }) => card.id)).toEqual([friend.profile.id]);
    expect(list.new_likes).toBe(1);
    expect((await badgesOf(me)).newLikes).toBe(1);
  });
});
