import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";

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
    const retry = await putLanguage(cookie, "da", key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await retry.json()).user.language).toBe("sv");
    const current = await app.request("/api/user.php", { headers: { cookie } });
    expect((await current.json()).user.language).toBe("sv");
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

  it("refuses a malformed key", async () => {
    const response = await putLanguage(await memberCookie(), "sv", "bad key!");
    expect(response.status).toBe(422);
  });
});
