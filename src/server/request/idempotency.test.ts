import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember, createTestMember, uniqueEmail } from "../../test/members";
import { createApp } from "../app";
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

  it("answers 409 to a repeat that arrives while the first is still running", async () => {
    const member = await createLoggedInMember(app);
    const key = crypto.randomUUID();
    await putLanguage(member.cookie, "sv", key);
    // The first request's row as it is while its route runs: claimed, no answer yet.
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
