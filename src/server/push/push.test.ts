import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { CHAT_PUSH_JOB } from "../chat/notifications";
import { conversationMembers } from "../chat/schema";
import { getTranslate } from "../lib/i18n";
import { LIKE_PUSH_JOB } from "../likes/service";
import { getReadyDb } from "../startup";
import { pushSubscriptions } from "./schema";
import { MAX_PUSH_SUBSCRIPTIONS } from "./service";

// The local push service runs on localhost, on a port of its own: this file's server may push
// to that port (design §10: only 443 otherwise). Set before any module reads the environment.
const pushService = await vi.hoisted(async () => {
  const { startPushService } = await import("../../test/push-service");
  const service = await startPushService();
  process.env.PUSH_SERVICE_HOSTS = `${new URL(service.origin).host},fcm.googleapis.com`;
  return service;
});

const app = createApp();

afterAll(() => pushService.close());

function call(method: string, path: string, cookie: string, body?: unknown) {
  return app.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Runs the due push jobs as the server's runner would. */
async function runJobs() {
  return runJobsNamed([CHAT_PUSH_JOB, LIKE_PUSH_JOB]);
}

/** A member with a browser subscribed to the local push service. */
async function subscribedMember(options: Parameters<typeof createLoggedInMember>[1] = {}) {
  const member = await createLoggedInMember(app, options);
  const browser = pushService.subscribe();
  const saved = await call("POST", "/api/user.php?push=1", member.cookie, {
    subscription: browser.subscription,
  });
  expect(saved.status).toBe(200);
  return { ...member, browser };
}

async function startConversation(from: { cookie: string }, to: { profile: { id: number } }) {
  const opened = await call("POST", "/api/chat.php", from.cookie, { profile: to.profile.id });
  expect(opened.status).toBe(200);
  return (await opened.json()).conversation as number;
}

async function send(from: { cookie: string }, conversation: number, text: string) {
  const sent = await call("POST", "/api/message.php", from.cookie, { conversation, text });
  expect(sent.status).toBe(200);
  return (await sent.json()).message.id as number;
}

/** The pushes the service got for one browser since `from`. */
function pushesTo(browser: { id: number }, from = 0) {
  return pushService.received.slice(from).filter((push) => push.subscription === browser.id);
}

describe("push subscriptions (spec §7 POST /api/user.php?push=1)", () => {
  it("are saved for the member at the spec's address, while POST /api/user.php still logs in", async () => {
    const member = await subscribedMember();
    const db = await getReadyDb();
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id));
    expect(rows.map((row) => row.endpoint)).toEqual([member.browser.subscription.endpoint]);
    // createLoggedInMember logged in through POST /api/user.php: that call is untouched.
    expect(member.cookie).toMatch(/=/);
  });

  it("are for members only, and refuse endpoints that are not a push service's", async () => {
    const { subscription } = pushService.subscribe();
    expect((await call("POST", "/api/user.php?push=1", "", { subscription })).status).toBe(403);
    const member = await createLoggedInMember(app);
    const refused = async (endpoint: string) => {
      const answer = await call("POST", "/api/user.php?push=1", member.cookie, {
        subscription: { ...subscription, endpoint },
      });
      return { status: answer.status, body: await answer.json() };
    };
    // design §10: the server posts to the endpoint, so it must not name our own network.
    for (const endpoint of [
      "https://127.0.0.1/push/1",
      // A push service's host, but not its HTTPS port: another service there is not ours to call.
      "https://fcm.googleapis.com:22/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      `https://localhost/push/1`,
      "https://169.254.169.254/latest/meta-data",
      "https://localhost.attacker.example/x",
      "https://user:pass@localhost/x",
    ]) {
      expect(await refused(endpoint)).toMatchObject({
        status: 422,
        body: {
          error: "push_service_refused",
          message: "Notifications can't be turned on in this browser.",
        },
      });
    }
    expect((await refused(`http://fcm.googleapis.com/fcm/send/x`)).status).toBe(422);
    // Port 443 said out loud is the default port.
    expect((await refused("https://fcm.googleapis.com:443/fcm/send/x")).status).toBe(200);
    expect((await refused(`https://fcm.googleapis.com/${"x".repeat(3000)}`)).status).toBe(422);
    const badKeys = await call("POST", "/api/user.php?push=1", member.cookie, {
      subscription: { ...subscription, keys: { p256dh: "not a key\u0000", auth: "" } },
    });
    expect(badKeys.status).toBe(422);
    expect((await badKeys.json()).error).toBe("validation");
  });

  it("follow the member who subscribed last in a browser, and one member's removal leaves another's", async () => {
    const first = await subscribedMember();
    const second = await createLoggedInMember(app);
    const { subscription } = first.browser;
    expect(
      (await call("POST", "/api/user.php?push=1", second.cookie, { subscription })).status,
    ).toBe(200);
    const db = await getReadyDb();
    const owners = await db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(owners).toEqual([{ userId: second.user.id }]);

    // The first member cannot remove what is now the second's.
    await call("DELETE", "/api/user.php?push=1", first.cookie, { endpoint: subscription.endpoint });
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
    ).toHaveLength(1);
    await call("DELETE", "/api/user.php?push=1", second.cookie, {
      endpoint: subscription.endpoint,
    });
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
    ).toHaveLength(0);
  });

  it(`keep a member's ${MAX_PUSH_SUBSCRIPTIONS} newest browsers`, async () => {
    const member = await createLoggedInMember(app);
    const endpoints: string[] = [];
    for (let index = 0; index < MAX_PUSH_SUBSCRIPTIONS + 2; index++) {
      const { subscription } = pushService.subscribe();
      endpoints.push(subscription.endpoint);
      await call("POST", "/api/user.php?push=1", member.cookie, { subscription });
    }
    const rows = await (await getReadyDb())
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it("give browsers the site's VAPID public key in the settings", async () => {
    const settings = await (await app.request("/api/settings.php")).json();
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});

describe("pushes end to end, through a push service that decrypts them (RFC 8291)", () => {
  it("bring a new message to a member whose page is closed, in their language, once", async () => {
    const alice = await createLoggedInMember(app, {
      paidUser: true,
      credits: 100,
      profile: { name: "Alice" },
    });
    const bob = await subscribedMember();
    const conversation = await startConversation(alice, bob);
    const seen = pushService.received.length;
    const first = await send(alice, conversation, "Hello Bob");
    await runJobs();
    const [push, ...more] = pushesTo(bob.browser, seen);
    expect(more).toEqual([]);
    expect(push?.payload).toEqual({
      kind: "message",
      title: "Alice wrote to you",
      body: "A new conversation is waiting for you. Tap to read it.",
      url: `/chats/${conversation}`,
      tag: `c${conversation}`,
    });
    expect(push?.headers).toEqual({
      ttl: "86400",
      urgency: "high",
      topic: `c${conversation}`,
      "content-encoding": "aes128gcm",
    });
    expect(push?.claims.sub).toBe("mailto:support@amora.example");
    expect(pushService.failures).toEqual([]);

    // The push reached Bob, so the e-mail two minutes on stays unsent (issue 12: "no push").
    const db = await getReadyDb();
    const [side] = await db
      .select({ pushedUpTo: conversationMembers.pushedUpTo })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, bob.user.id));
    expect(side?.pushedUpTo).toBe(first);

    // A German member's push is in German.
    expect((await call("PUT", "/api/user.php", bob.cookie, { language: "de" })).status).toBe(200);
    const before = pushService.received.length;
    await send(alice, conversation, "Wie geht's?");
    await runJobs();
    const german = getTranslate("de");
    expect(pushesTo(bob.browser, before).map((sent) => sent.payload)).toEqual([
      {
        kind: "message",
        title: german("push.newMessage.title", { name: "Alice" }),
        body: german("push.newMessage.body"),
        url: `/chats/${conversation}`,
        tag: `c${conversation}`,
      },
    ]);
    expect(german("push.newMessage.title", { name: "Alice" })).not.toBe(
      getTranslate("en")("push.newMessage.title", { name: "Alice" }),
    );
  });

  it("skip a member with a visible page open, and reach them again once the page says it is hidden", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await subscribedMember();
    const conversation = await startConversation(alice, bob);
    const stream = await app.request("/api/events.php", { headers: { cookie: bob.cookie } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // ready: the stream is open, Bob is here.
    const seen = pushService.received.length;
    await send(alice, conversation, "You are online");
    await runJobs();
    expect(pushesTo(bob.browser, seen)).toEqual([]);

    // spec §7: the page's beacon when it is hidden (then it closes its stream).
    const hidden = await call("POST", "/api/page-hidden.php", bob.cookie, {});
    expect(hidden.status).toBe(200);
    await send(alice, conversation, "Are you there?");
    await runJobs();
    expect(pushesTo(bob.browser, seen)).toHaveLength(1);
    await reader.cancel();
  });

  it("respect the member's notification choices", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await subscribedMember();
    const saved = await call("PUT", "/api/notifications.php", bob.cookie, {
      notifications_disabled: ["new_conversations", "new_messages"],
    });
    expect(saved.status).toBe(200);
    const conversation = await startConversation(alice, bob);
    const seen = pushService.received.length;
    await send(alice, conversation, "Hi");
    await send(alice, conversation, "Hi again");
    await runJobs();
    expect(pushesTo(bob.browser, seen)).toEqual([]);
  });

  it("bring a like, and forget a browser the push service no longer knows (410)", async () => {
    const carol = await createLoggedInMember(app, { profile: { name: "Carol" } });
    const bob = await subscribedMember();
    const other = pushService.subscribe();
    await call("POST", "/api/user.php?push=1", bob.cookie, { subscription: other.subscription });
    pushService.answer(other.id, 410);
    const seen = pushService.received.length;
    expect((await call("POST", "/api/like.php", carol.cookie, { id: bob.profile.id })).status).toBe(
      200,
    );
    // Liking again, or unliking and liking, pushes nothing more.
    await call("POST", "/api/like.php", carol.cookie, { id: bob.profile.id });
    await runJobs();
    expect(pushesTo(bob.browser, seen).map((push) => push.payload)).toEqual([
      {
        kind: "like",
        title: "Carol likes you",
        body: "Take a look at their profile.",
        url: `/members/${carol.profile.id}`,
        tag: `l${carol.profile.id}`,
      },
    ]);
    const rows = await (await getReadyDb())
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, bob.user.id));
    expect(rows.map((row) => row.endpoint)).toEqual([bob.browser.subscription.endpoint]);
  });

  it("never come from a member the recipient blocked since", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const bob = await subscribedMember();
    const conversation = await startConversation(alice, bob);
    const seen = pushService.received.length;
    await send(alice, conversation, "Before the block");
    expect(
      (await call("POST", "/api/block.php", bob.cookie, { id: alice.profile.id })).status,
    ).toBe(200);
    await runJobs();
    expect(pushesTo(bob.browser, seen)).toEqual([]);
  });
});
