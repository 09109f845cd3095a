import { expect } from "vitest";
import type { App } from "../server/app";
import { type createLoggedInMember, memberBalance, type TestMemberOptions } from "./members";

export type ChatMember = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member who bought credits: writes anywhere, for message_credits. */
export const premium: TestMemberOptions = { paidUser: true, credits: 100 };

/** A member's credits as the database has them now. */
export async function balanceOf(member: ChatMember): Promise<number | undefined> {
  return (await memberBalance(member.user.id))?.credits;
}

/**
 * The chat API as the tests use it, on one app: a member's call with their cookie (a body as
 * JSON, extra headers such as Idempotency-Key or Sec-Fetch-Site), and the steps most tests take.
 * @example const { open, send } = chatCalls(app); await send(alice, await open(alice, bob), "Hi")
 */
export function chatCalls(app: App) {
  function call(method: string, path: string, cookie: string, body?: unknown, headers = {}) {
    return app.request(path, {
      method,
      headers: { cookie, ...(body ? { "content-type": "application/json" } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  /** Opens (or finds) the pair's conversation; its id. */
  async function open(from: ChatMember, to: ChatMember): Promise<number> {
    const response = await call("POST", "/api/chat.php", from.cookie, { profile: to.profile.id });
    expect(response.status).toBe(200);
    return (await response.json()).conversation;
  }

  function send(from: ChatMember, conversation: number, text: string, headers = {}) {
    return call("POST", "/api/message.php", from.cookie, { conversation, text }, headers);
  }

  /** The member's first page of chats. */
  async function chats(member: ChatMember) {
    const response = await call("GET", "/api/chats.php", member.cookie);
    expect(response.status).toBe(200);
    return response.json();
  }

  /** An image message, as the chat's form sends it (multipart). */
  function sendImage(from: ChatMember, conversation: number, bytes: Uint8Array) {
    const form = new FormData();
    form.append("conversation", String(conversation));
    form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "holiday.jpg"));
    return app.request("/api/chat-image.php", {
      method: "POST",
      headers: { cookie: from.cookie },
      body: form,
    });
  }

  return { call, open, send, chats, sendImage };
}
