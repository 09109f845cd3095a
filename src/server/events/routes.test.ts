import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { openEventStream } from "../../test/event-stream";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { observeQueries } from "../db/client";

const app = createApp();

const call = memberCaller(app);

/** An open events stream, answered as an event stream that no proxy may transform. */
async function openStream(cookie: string, lastEventId?: string) {
  const stream = await openEventStream(app, cookie, lastEventId);
  expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(stream.response.headers.get("cache-control")).toContain("no-transform");
  return stream;
}

async function conversationOf(alice: { cookie: string }, bob: { profile: { id: number } }) {
  const opened = await call("POST", "/api/chat.php", alice.cookie, { profile: bob.profile.id });
  return (await opened.json()).conversation as number;
}

describe("the events stream (design §7)", () => {
  it("is for members only", async () => {
    const response = await app.request("/api/events.php");
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("authentication_required");
  });

  it("delivers a message, typing and receipts live, and marks the message delivered", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await createLoggedInMember(app);
    const conversation = await conversationOf(alice, bob);
    const bobs = await openStream(bob.cookie);
    const alices = await openStream(alice.cookie);
    expect((await bobs.next()).event).toBe("ready");
    expect((await alices.next()).event).toBe("ready");

    await call("POST", "/api/typing.php", alice.cookie, { conversation });
    expect(await bobs.next()).toEqual({ event: "typing", id: undefined, data: { conversation } });

    await call("POST", "/api/message.php", alice.cookie, { conversation, text: "Live!" });
    const message = await bobs.until("message");
    expect(message.id).toMatch(/^\d+$/);
    expect(message.data).toMatchObject({
      message: { conversation, text: "Live!", from_me: false },
      unread_total: 1,
    });
    // Alice's page hears her own message (another tab of hers) and, once it reached Bob's
    // page, that it was delivered; then that he read it.
    expect((await alices.until("message")).data).toMatchObject({ message: { from_me: true } });
    expect((await alices.until("receipt")).data).toMatchObject({ conversation, read_up_to: 0 });
    await call("POST", "/api/chat-read.php", bob.cookie, { conversation });
    const read = await alices.until("receipt");
    expect((read.data as { read_up_to: number }).read_up_to).toBeGreaterThan(0);
    // Bob's other pages update their badge.
    expect((await bobs.until("chats")).data).toEqual({ unread_total: 0 });
    await bobs.close();
    await alices.close();
  });

  it("catches up after a reconnect with Last-Event-ID, in order, losing nothing", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await createLoggedInMember(app);
    const conversation = await conversationOf(alice, bob);
    const first = await openStream(bob.cookie);
    await first.next();
    await call("POST", "/api/message.php", alice.cookie, { conversation, text: "one" });
    const seen = await first.until("message");
    await first.close();
    // While Bob is away:
    for (const text of ["two", "three"]) {
      await call("POST", "/api/message.php", alice.cookie, { conversation, text });
    }
    const again = await openStream(bob.cookie, seen.id);
    expect((await again.next()).data).toEqual({ resumed: true, last_event_id: Number(seen.id) });
    const texts = [];
    for (let index = 0; index < 2; index++) {
      texts.push(
        ((await again.until("message")).data as { message: { text: string } }).message.text,
      );
    }
    expect(texts).toEqual(["two", "three"]);
    await again.close();
  });

  it("writes a small event from its notification, and reads a large one by its id", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await createLoggedInMember(app);
    const conversation = await conversationOf(alice, bob);
    const bobs = await openStream(bob.cookie);
    await bobs.next();
    const reads: string[] = [];
    const stop = observeQueries((query) => {
      if (/from "member_events"/.test(query)) reads.push(query);
    });
    try {
      await call("POST", "/api/message.php", alice.cookie, { conversation, text: "Small" });
      expect(
        ((await bobs.until("message")).data as { message: { text: string } }).message.text,
      ).toBe("Small");
      expect(reads).toEqual([]);
      // 2 000 emoji: 8 000 bytes of text, past what a notification carries.
      const large = "😀".repeat(2000);
      const sent = await call("POST", "/api/message.php", alice.cookie, {
        conversation,
        text: large,
      });
      expect(sent.status).toBe(200);
      expect(
        ((await bobs.until("message")).data as { message: { text: string } }).message.text,
      ).toBe(large);
      expect(reads.length).toBeGreaterThan(0);
    } finally {
      stop();
      await bobs.close();
    }
  });

  it("refuses a malformed Last-Event-ID with 422", async () => {
    const bob = await createLoggedInMember(app);
    const response = await app.request("/api/events.php", {
      headers: { cookie: bob.cookie, "last-event-id": "1e99" },
    });
    expect(response.status).toBe(422);
  });
});
