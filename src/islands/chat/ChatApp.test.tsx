// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatEntry, ChatsAnswer, ConversationAnswer, MessageView } from "../../contract/chat";
import type { UserView } from "../../contract/users";
import { pickMessages } from "../../i18n/pick";
import { $chats } from "../../stores/chats";
import { $member } from "../../stores/session";
import { chatMessage, conversationWith } from "../../test/chat-screens";
import ChatApp, { CHAT_APP_MESSAGES } from "./ChatApp";

const MESSAGES = pickMessages("en", CHAT_APP_MESSAGES);

const member = { id: 1, credits: 100, paid_user: true } as unknown as UserView;
const bob = { id: 21, name: "Bob", main_image: null } as unknown as ChatEntry["profile"];
const cleo = { id: 22, name: "Cleo", main_image: null } as unknown as ChatEntry["profile"];

const message = (id: number, conversation: number, change: Partial<MessageView> = {}) =>
  chatMessage(id, { conversation, created_at: new Date().toISOString(), ...change });

const withBob = conversationWith(3, bob, [message(1, 3, { text: "Hi Alice" })]);
const withCleo = conversationWith(5, cleo, [message(2, 5, { text: "Hello from Cleo" })]);
const chats: ChatsAnswer = {
  chats: [
    {
      conversation: 3,
      profile: bob,
      num_unread_messages: 1,
      last_message: withBob.messages[0] ?? null,
      updated_at: new Date().toISOString(),
    },
    {
      conversation: 5,
      profile: cleo,
      num_unread_messages: 0,
      last_message: withCleo.messages[0] ?? null,
      updated_at: new Date().toISOString(),
    },
  ],
  next_cursor: null,
  unread_total: 1,
};

type Call = { method: string; path: string; body: unknown; key: string | null };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * The API as a stand-in for fetch: answers by "METHOD /path" (a list is answered in turn, its
 * last answer repeated), and every call recorded.
 */
function standInApi(routes: Record<string, Answer | Answer[]>): Call[] {
  const calls: Call[] = [];
  const served = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL, init: RequestInit) => {
      const method = init.method ?? "GET";
      const route = `${method} ${url.pathname}`;
      const headers = init.headers as Record<string, string>;
      calls.push({
        method,
        path: url.pathname + url.search,
        body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
        key: headers["idempotency-key"] ?? null,
      });
      const answers = [
        routes[`${route}${url.search}`] ?? routes[route] ?? { status: 200, body: {} },
      ].flat();
      const turn = served.get(route) ?? 0;
      served.set(route, turn + 1);
      const answer = answers[Math.min(turn, answers.length - 1)] as Answer;
      return Response.json(answer.body, { status: answer.status, headers: answer.headers });
    }),
  );
  return calls;
}

/** The page's events stream: the test sends what the server would. */
class StandInEventSource {
  static opened: StandInEventSource[] = [];
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    StandInEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  send(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function showChats(conversation: ConversationAnswer | null) {
  // The stores outlive a test: each starts from what its page would bring.
  $chats.set(structuredClone(chats));
  $member.set(member);
  history.replaceState(null, "", conversation ? `/chats/${conversation.conversation}` : "/chats");
  render(
    <ChatApp
      locale="en"
      messages={MESSAGES}
      member={member}
      initialChats={chats}
      conversation={conversation}
      priceFrom="€0.29"
      pushPublicKey={null}
      fictionalIcon="🎭"
      timeZone="UTC"
    />,
  );
}

const box = (name: string) => screen.getByRole("textbox", { name: `Message to ${name}` });
const log = () => screen.getByRole("log");
/** The conversation list's entry with `name` (the open conversation's top bar links them too). */
const entryOf = (name: string) =>
  within(
    screen.getByRole("heading", { name: "Messages", level: 1 }).closest("section") as HTMLElement,
  ).getByRole("link", { name: new RegExp(name) });

beforeEach(() => {
  StandInEventSource.opened = [];
  vi.stubGlobal("EventSource", StandInEventSource);
  vi.stubGlobal("alert", vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the chat screen", () => {
  it("opens a conversation from the list: its log, its address, read", async () => {
    const calls = standInApi({ "GET /api/messages.php": { status: 200, body: withBob } });
    showChats(null);
    expect(
      screen.getByText("Choose a conversation to read it here.", { exact: false }),
    ).toBeTruthy();
    const entry = entryOf("Bob");
    expect(entry.textContent).toContain("1 unread message");

    fireEvent.click(entry);

    await waitFor(() => expect(within(log()).getByText("Hi Alice")).toBeTruthy());
    expect(location.pathname).toBe("/chats/3");
    expect(entryOf("Bob").getAttribute("aria-current")).toBe("page");
    expect(entryOf("Bob").textContent).not.toContain("unread");
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: "POST",
        path: "/api/chat-read.php",
        body: { conversation: 3 },
      }),
    );
  });

  it("sends a message: it joins the log and the box is emptied", async () => {
    const sent = message(10, 3, { from_me: true, text: "How are you?", state: "sent" });
    standInApi({
      "POST /api/message.php": { status: 200, body: { message: sent, credits: 90 } },
    });
    showChats(withBob);
    fireEvent.change(box("Bob"), { target: { value: "How are you?" } });
    expect(screen.getByText("12 of 2,000 characters")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    await waitFor(() => expect(within(log()).getByText("How are you?")).toBeTruthy());
    expect((box("Bob") as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("link", { name: "90 credits" })).toBeTruthy();
  });

  it("keeps the text when a send fails, and resends it under the same key", async () => {
    const sent = message(10, 3, { from_me: true, text: "Still there?", state: "sent" });
    const calls = standInApi({
      "POST /api/message.php": [
        // The server is gone: every retry fails (at once), the outcome unknown.
        ...Array.from({ length: 6 }, () => ({
          status: 503,
          body: { error: "unavailable", message: "The service is busy." },
          headers: { "retry-after": "0" },
        })),
        { status: 200, body: { message: sent, credits: 90 } },
      ],
    });
    showChats(withBob);
    fireEvent.change(box("Bob"), { target: { value: "Still there?" } });

    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("busy"));
    expect((box("Bob") as HTMLTextAreaElement).value).toBe("Still there?");

    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    await waitFor(() => expect(within(log()).getByText("Still there?")).toBeTruthy());
    const keys = calls.filter((call) => call.path === "/api/message.php").map((call) => call.key);
    expect(keys).toHaveLength(7);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps the text of a refused send with the way out, and a new key for the next", async () => {
    const calls = standInApi({
      "POST /api/message.php": {
        status: 402,
        body: { error: "not_enough_credits", message: "You don't have enough credits." },
      },
    });
    showChats(withBob);
    fireEvent.change(box("Bob"), { target: { value: "Dinner?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("enough credits"));
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "Buy credits" }),
    ).toBeTruthy();
    expect((box("Bob") as HTMLTextAreaElement).value).toBe("Dinner?");

    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === "POST" && call.path === "/api/message.php"),
      ).toHaveLength(2),
    );
    const [first, second] = calls.filter((call) => call.path === "/api/message.php");
    expect(first?.key).not.toBe(second?.key);
  });

  it("keeps a draft while the member reads another conversation", async () => {
    standInApi({
      "GET /api/messages.php?conversation=5": { status: 200, body: withCleo },
      "GET /api/messages.php": { status: 200, body: withBob },
    });
    showChats(withBob);
    fireEvent.change(box("Bob"), { target: { value: "Half a thought" } });

    fireEvent.click(entryOf("Cleo"));
    await waitFor(() => expect((box("Cleo") as HTMLTextAreaElement).value).toBe(""));
    fireEvent.click(entryOf("Bob"));

    await waitFor(() => expect((box("Bob") as HTMLTextAreaElement).value).toBe("Half a thought"));
  });

  it("applies live events: their typing, then their message, read at once", async () => {
    const calls = standInApi({});
    showChats(withBob);
    const [stream] = StandInEventSource.opened;
    if (!stream) throw new Error("the events stream did not open");

    stream.send("typing", { conversation: 3 });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Bob is typing…"));

    stream.send("message", {
      message: message(11, 3, { text: "Are you there?" }),
      unread_total: 0,
    });

    await waitFor(() => expect(within(log()).getByText("Are you there?")).toBeTruthy());
    expect(screen.getByRole("status").textContent).toBe("");
    expect(entryOf("Bob").textContent).toContain("Are you there?");
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: "POST",
        path: "/api/chat-read.php",
        body: { conversation: 3 },
      }),
    );
  });

  it("shows the safety notice as a note beside a flagged message, on load and live", async () => {
    standInApi({});
    const flagged = message(12, 3, { text: "Send me a gift card", safety_notice: true });
    showChats(conversationWith(3, bob, [message(1, 3, { text: "Hi Alice" }), flagged]));
    const notice =
      "Never send money or gift cards to someone you have not met in person, and be wary of links and of requests to move to another app.";
    const notes = () => within(log()).queryAllByRole("note");
    expect(notes().map((note) => note.textContent)).toEqual([notice]);
    expect(notes()[0]?.closest("li")?.textContent).toContain("Send me a gift card");

    const [stream] = StandInEventSource.opened;
    stream?.send("message", {
      message: message(13, 3, { text: "wa.me/123", safety_notice: true }),
      unread_total: 0,
    });

    await waitFor(() => expect(notes()).toHaveLength(2));
    expect(notes()[1]?.closest("li")?.textContent).toContain("wa.me/123");
  });

  it("discloses a fictional profile at the top of the chat and in the first-message dialog", async () => {
    const dana = {
      id: 23,
      name: "Dana",
      main_image: null,
      fictional: true,
    } as ChatEntry["profile"];
    showChats(conversationWith(7, dana, []));

    const dialog = await screen.findByRole("dialog", { name: /Dana/ });
    const warning = "This profile is fictional. It is run by our team for entertainment";
    expect(within(dialog).getByRole("note").textContent).toContain(warning);
    fireEvent.click(within(dialog).getByRole("button", { name: "Write my own" }));

    const chat = screen.getByRole("region", { name: "Conversation with Dana" });
    expect(within(chat).getByRole("note").textContent).toContain(warning);
  });

  it("shows no such note for a real member", () => {
    showChats(withBob);
    const chat = screen.getByRole("region", { name: "Conversation with Bob" });
    expect(within(chat).queryByRole("note")).toBeNull();
  });
});
