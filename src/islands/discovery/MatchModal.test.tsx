// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileDetail } from "../../contract/profiles";
import type { UserView } from "../../contract/users";
import { pickMessages } from "../../i18n/pick";
import { $member } from "../../stores/session";
import MatchModal from "./MatchModal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $member.set(null);
});

const MESSAGES = pickMessages("en", [
  "match.",
  "common.close",
  "chat.send",
  "chat.goPremium",
  "chat.buyCredits",
]);
const bob = { id: 21, name: "Bob", main_image: null } as unknown as Pick<
  ProfileDetail,
  "id" | "name" | "main_image"
>;
const self = { name: "Alice", main_image: null };

type Call = { path: string; body: unknown; key: string | null };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** fetch, answering by path (a list in turn, its last answer repeated); every call recorded. */
function standInApi(routes: Record<string, Answer | Answer[]>): Call[] {
  const calls: Call[] = [];
  const served = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        path: url.pathname,
        body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
        key: headers["idempotency-key"] ?? null,
      });
      const answers = [routes[url.pathname] ?? { status: 200, body: { ok: true } }].flat();
      const turn = served.get(url.pathname) ?? 0;
      served.set(url.pathname, turn + 1);
      const answer = answers[Math.min(turn, answers.length - 1)] as Answer;
      return Response.json(answer.body, { status: answer.status, headers: answer.headers });
    }),
  );
  return calls;
}

function showMatch() {
  render(<MatchModal locale="en" messages={MESSAGES} unseen={bob} self={self} />);
  const dialog = screen.getByRole("dialog", { name: "It's a match!" });
  return { dialog, box: within(dialog).getByLabelText("Your first message to Bob") };
}

const sentMessage = {
  message: { id: 5, conversation: 9, text: "Hi Bob!" },
  credits: 90,
};

describe("'It's a match' (issue 29 item 10)", () => {
  it("shows both members, an initial for a missing photo, and starts in the message box", async () => {
    standInApi({});
    const { dialog, box } = showMatch();
    expect(within(dialog).getByRole("img", { name: "Photo of Alice" }).textContent).toBe("A");
    expect(within(dialog).getByRole("img", { name: "Photo of Bob" }).textContent).toBe("B");
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it("sends the first message as the chat does, then offers the chat", async () => {
    $member.set({ id: 1, credits: 100, profile: null } as unknown as UserView);
    const calls = standInApi({
      "/api/chat.php": { status: 200, body: { conversation: 9 } },
      "/api/message.php": { status: 200, body: sentMessage },
    });
    const { dialog, box } = showMatch();
    fireEvent.change(box, { target: { value: "  Hi Bob!  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));

    const link = await within(dialog).findByRole("link", { name: "Go to chat" });
    expect(link.getAttribute("href")).toBe("/chats/9");
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Your message to Bob has been sent.",
    );
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(calls.find((call) => call.path === "/api/chat.php")?.body).toEqual({ profile: 21 });
    const sent = calls.filter((call) => call.path === "/api/message.php");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ conversation: 9, text: "Hi Bob!" });
    expect(sent[0]?.key).toMatch(/\S{16,}/);
    expect($member.get()?.credits).toBe(90);
  });

  it.each([
    ["premium_required", 403, "Go premium", "/premium"],
    ["not_enough_credits", 402, "Buy credits", "/credits"],
  ])(
    "a refused send (%s) says why, keeps the text and shows the way out",
    async (code, status, action, href) => {
      const message = `Refused: ${code}`;
      standInApi({
        "/api/chat.php": { status: 200, body: { conversation: 9 } },
        "/api/message.php": { status, body: { error: code, message } },
      });
      const { dialog, box } = showMatch();
      fireEvent.change(box, { target: { value: "Hi Bob!" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));

      const alert = await within(dialog).findByRole("alert");
      expect(alert.textContent).toContain(message);
      expect(within(alert).getByRole("link", { name: action }).getAttribute("href")).toBe(href);
      expect((box as HTMLTextAreaElement).value).toBe("Hi Bob!");
      expect(within(dialog).queryByRole("link", { name: "Go to chat" })).toBeNull();
    },
  );

  it("a send whose outcome is unknown is retried under the same key", async () => {
    const calls = standInApi({
      "/api/chat.php": { status: 200, body: { conversation: 9 } },
      // Every try of the first press fails (retried at once: Retry-After 0), then it goes through.
      "/api/message.php": [
        ...Array.from({ length: 6 }, () => ({
          status: 503,
          body: { error: "unavailable", message: "Try again" },
          headers: { "retry-after": "0" },
        })),
        { status: 200, body: sentMessage },
      ],
    });
    const { dialog, box } = showMatch();
    fireEvent.change(box, { target: { value: "Hi Bob!" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await within(dialog).findByRole("alert");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await within(dialog).findByRole("link", { name: "Go to chat" });
    const keys = calls.filter((call) => call.path === "/api/message.php").map((call) => call.key);
    expect(keys).toHaveLength(7);
    expect(new Set(keys).size).toBe(1);
  });
});
