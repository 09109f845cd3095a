import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { idempotencyKeys } from "./idempotency-schema";

const app = createApp();

async function memberCookie(): Promise<string> {
  return (await createLoggedInMember(app)).cookie;
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
