import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberCall } from "../../test/api";
import {
  createLoggedInMember,
  createTestMember,
  memberBalance,
  uniqueEmail,
} from "../../test/members";
import { createApp } from "../app";
import { messages } from "../chat/schema";
import { creditLedger } from "../credits/schema";
import { getDb } from "../db/client";
import { idempotencyKeys } from "./idempotency-schema";

const app = createApp();

async function memberCookie(): Promise<string> {
  return (await createLoggedInMember(app)).cookie;
}

/** A visitor's key as the browser client makes it: 128 random bits in hex. */
function visitorKey(): string {
  return randomBytes(16).toString("hex");
}

function visitorPost(path: string, body: unknown, key: string) {
  return app.request(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
}

function putLanguage(cookie: string, language: string, key: string) {
  return app.request("/api/user.php", {
    method: "PUT",
    headers: { cookie, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ language }),
  });
}

describe("a write with an Idempotency-Key (design §6)", () => {
  it("is applied once: a retry gets the first answer and changes nothing", async () => {
    const cookie = await memberCookie();
    const key = crypto.randomUUID();
    const first = await putLanguage(cookie, "sv", key);
    expect(first.status).toBe(200);
    // Another write in between: a retry that ran again would undo it.
    await putLanguage(cookie, "fi", crypto.randomUUID());
    const retry = await putLanguage(cookie, "sv", key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await retry.json()).user.language).toBe("sv");
    const current = await app.request("/api/user.php", { headers: { cookie } });
    expect((await current.json()).user.language).toBe("fi");
  });

  it("is applied again under a new key", async () => {
    const cookie = await memberCookie();
    await putLanguage(cookie, "sv", crypto.randomUUID());
    const second = await putLanguage(cookie, "da", crypto.randomUUID());
    expect((await second.json()).user.language).toBe("da");
  });

  it("is scoped per member: another member's key does not replay", async () => {
    const key = crypto.randomUUID();
    await putLanguage(await memberCookie(), "sv", key);
    const other = await putLanguage(await memberCookie(), "fi", key);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect((await other.json()).user.language).toBe("fi");
  });

  it("refuses the same key with a different body (422, as the IETF draft says) and applies nothing", async () => {
    const cookie = await memberCookie();
    const key = crypto.randomUUID();
    await putLanguage(cookie, "sv", key);
    const reused = await putLanguage(cookie, "da", key);
    expect(reused.status).toBe(422);
    // In the member's language, now Swedish.
    expect(await reused.json()).toEqual({
      error: "idempotency_key_reused",
      message: "Begäran har redan skickats med andra uppgifter. Ladda om sidan och försök igen.",
    });
    const current = await app.request("/api/user.php", { headers: { cookie } });
    expect((await current.json()).user.language).toBe("sv");
  });

  it("refuses the same key on another call", async () => {
    const cookie = await memberCookie();
    const key = crypto.randomUUID();
    await putLanguage(cookie, "sv", key);
    const other = await app.request("/api/notifications.php", {
      method: "PUT",
      headers: { cookie, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ language: "sv" }),
    });
    expect(other.status).toBe(422);
    expect((await other.json()).error).toBe("idempotency_key_reused");
  });

  it("answers 409 to a claim without an answer, which only the claims of old left committed", async () => {
    const member = await createLoggedInMember(app);
    const key = crypto.randomUUID();
    await putLanguage(member.cookie, "sv", key);
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ status: 0, body: null })
      .where(eq(idempotencyKeys.key, key));
    const repeat = await putLanguage(member.cookie, "sv", key);
    expect(repeat.status).toBe(409);
    expect((await repeat.json()).error).toBe("idempotency_conflict");
  });

  it("refuses a malformed key", async () => {
    const response = await putLanguage(await memberCookie(), "sv", "bad key!");
    expect(response.status).toBe(422);
  });
});

describe("a visitor's write with an Idempotency-Key", () => {
  it("is applied once, also with the key quoted as the IETF draft writes it", async () => {
    const email = uniqueEmail("visitor");
    const key = `"${visitorKey()}"`;
    const first = await visitorPost("/password-reset.php", { email }, key);
    const retry = await visitorPost("/password-reset.php", { email }, key);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
  });

  it("refuses a key too short to be unguessable, since all visitors of a site share one scope", async () => {
    const response = await visitorPost(
      "/password-reset.php",
      { email: uniqueEmail("visitor") },
      "0123456789abcdef",
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toHaveProperty("Idempotency-Key");
  });

  it("never replays a login, whose answer sets the session cookie: the retry logs in afresh", async () => {
    const email = uniqueEmail("login");
    const password = "a visitor's password";
    await createTestMember(await getDb(), { email, password });
    const key = visitorKey();
    const cookies = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const login = await visitorPost("/user.php", { email, password }, key);
      expect(login.status).toBe(200);
      expect(login.headers.get("idempotent-replayed")).toBeNull();
      cookies.push(/auth=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1]);
    }
    expect(cookies[0]).toBeTruthy();
    expect(cookies[1]).toBeTruthy();
    expect(cookies[1]).not.toBe(cookies[0]);
  });

  it("keeps counting the wrong passwords sent with keys: the one answered 429 still blocks the account", async () => {
    const email = uniqueEmail("lockout");
    const password = "the right password";
    await createTestMember(await getDb(), { email, password });
    let blocked = false;
    for (let attempt = 0; attempt < 8 && !blocked; attempt++) {
      const wrong = await visitorPost("/user.php", { email, password: "wrong" }, visitorKey());
      blocked = wrong.status === 429;
    }
    expect(blocked).toBe(true);
    const right = await visitorPost("/user.php", { email, password }, visitorKey());
    expect(right.status).toBe(429);
  });

  it("does not record a 429, so a retry after Retry-After runs the call again", async () => {
    const email = uniqueEmail("limited");
    for (let i = 0; i < 3; i++) await visitorPost("/password-reset.php", { email }, visitorKey());
    const key = visitorKey();
    const limited = await visitorPost("/password-reset.php", { email }, key);
    expect(limited.status).toBe(429);
    const db = await getDb();
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

describe("a keyed write and its answer (issue 25: a crash can never charge twice)", () => {
  async function chatBetween() {
    const payer = await createLoggedInMember(app, { paidUser: true, credits: 100 });
    const other = await createLoggedInMember(app);
    const opened = await memberCall(app, "POST", "/api/chat.php", payer.cookie, {
      profile: other.profile.id,
    });
    const { conversation } = (await opened.json()) as { conversation: number };
    return { payer, conversation };
  }

  function sendMessage(cookie: string, conversation: number, text: string, key: string) {
    return app.request("/api/message.php", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ conversation, text }),
    });
  }

  async function sentAndCharged(userId: number, conversation: number) {
    const db = await getDb();
    const [sent] = await db
      .select({ count: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    const charges = await db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, "message")));
    return {
      messages: sent?.count,
      charges: charges.length,
      balance: (await memberBalance(userId))?.credits,
    };
  }

  it("makes a repeat that arrives while the first still runs wait, then answers it the same: sent and charged once", async () => {
    const { payer, conversation } = await chatBetween();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [0, 1, 2].map(() => sendMessage(payer.cookie, conversation, "Hello, once", key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed"))).toHaveLength(2);
    expect(await sentAndCharged(payer.user.id, conversation)).toEqual({
      messages: 1,
      charges: 1,
      balance: 90,
    });
  });

  it("keeps nothing of a write whose answer could not be stored, so its retry sends and charges once", async () => {
    const { payer, conversation } = await chatBetween();
    const key = `crash-${crypto.randomUUID()}`;
    const db = await getDb();
    // The process dying between the message and its stored answer: storing the answer fails.
    // Only this test's key fails, so files sharing a PostgreSQL database are not disturbed.
    await db.execute(
      sql.raw(`
      create or replace function fail_stored_answer() returns trigger language plpgsql as $$
      begin
        if new.key = '${key}' and new.status <> 0 then
          raise exception 'the process died before the answer was stored';
        end if;
        return new;
      end $$;
      create trigger fail_stored_answer before update on idempotency_keys
        for each row execute function fail_stored_answer();`),
    );
    try {
      const crashed = await sendMessage(payer.cookie, conversation, "Sent once", key);
      expect(crashed.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_stored_answer on idempotency_keys`);
    }
    expect(await sentAndCharged(payer.user.id, conversation)).toEqual({
      messages: 0,
      charges: 0,
      balance: 100,
    });
    const retry = await sendMessage(payer.cookie, conversation, "Sent once", key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await sentAndCharged(payer.user.id, conversation)).toEqual({
      messages: 1,
      charges: 1,
      balance: 90,
    });
  });
});
