import { describe, expect, it, vi } from "vitest";

// The webhook is off without its password (env schema); this file runs with one. Set before any
// module reads the environment (the schema is read once per process).
const SECRET = vi.hoisted(() => {
  const secret = "a webhook password of at least thirty-two characters";
  process.env.MAIL_WEBHOOK_SECRET = secret;
  return secret;
});

const { eq } = await import("drizzle-orm");
const { createApp } = await import("../app");
const { getDb } = await import("../db/client");
const { createTestMember } = await import("../../test/members");
const { users } = await import("../users/schema");
const { isMailWebhookAuthorized } = await import("./mail-events");

const app = createApp();

function basic(password: string, user = "postmark") {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

async function post(body: unknown, authorization: string | null = basic(SECRET)) {
  return app.request("/api/mail-events.php", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function reasonOf(userId: number) {
  const [row] = await (await getDb())
    .select({ reason: users.emailDisabledReason })
    .from(users)
    .where(eq(users.id, userId));
  return row?.reason ?? null;
}

describe("the mail provider's bounce and complaint webhook (issue 29 item 14)", () => {
  it("switches e-mail off for a hard bounce, whatever the address's case", async () => {
    const { user } = await createTestMember(await getDb());
    const response = await post({
      events: [{ type: "bounce", email: user.email.toUpperCase(), permanent: true }],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, disabled: 1 });
    expect(await reasonOf(user.id)).toBe("bounce");
  });

  it("leaves e-mail on for a soft bounce (a full mailbox)", async () => {
    const { user } = await createTestMember(await getDb());
    const response = await post({
      events: [{ type: "bounce", email: user.email, permanent: false }],
    });
    expect(await response.json()).toEqual({ ok: true, disabled: 0 });
    expect(await reasonOf(user.id)).toBeNull();
  });

  it("records a complaint as fbl, which a later bounce does not hide", async () => {
    const { user } = await createTestMember(await getDb());
    await post({ events: [{ type: "complaint", email: user.email }] });
    expect(await reasonOf(user.id)).toBe("fbl");
    const again = await post({ events: [{ type: "bounce", email: user.email, permanent: true }] });
    expect(await again.json()).toEqual({ ok: true, disabled: 0 });
    expect(await reasonOf(user.id)).toBe("fbl");
  });

  it("reads Postmark's records: a hard bounce and a spam complaint", async () => {
    const db = await getDb();
    const bounced = (await createTestMember(db)).user;
    const complained = (await createTestMember(db)).user;
    const transient = (await createTestMember(db)).user;
    await post({ RecordType: "Bounce", Type: "HardBounce", Email: bounced.email, ID: 42 });
    await post({ RecordType: "SpamComplaint", Email: complained.email, Tag: "like" });
    await post({ RecordType: "Bounce", Type: "Transient", Email: transient.email });
    expect(await reasonOf(bounced.id)).toBe("bounce");
    expect(await reasonOf(complained.id)).toBe("fbl");
    expect(await reasonOf(transient.id)).toBeNull();
  });

  it("refuses missing or wrong credentials with 401 and changes nothing", async () => {
    const { user } = await createTestMember(await getDb());
    const body = { events: [{ type: "complaint", email: user.email }] };
    for (const authorization of [null, basic("wrong password"), `Bearer ${SECRET}`]) {
      const response = await post(body, authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "unauthorized",
        message: "This request is missing valid credentials.",
      });
    }
    expect(await reasonOf(user.id)).toBeNull();
  });

  it("answers an unknown address like a known one, and refuses bad bodies with 422", async () => {
    const unknown = await post({
      events: [{ type: "complaint", email: "nobody-here@example.com" }],
    });
    expect(await unknown.json()).toEqual({ ok: true, disabled: 0 });
    for (const body of [
      { events: [] },
      { events: [{ type: "complaint", email: "not an address" }] },
      { events: [{ type: "complaint", email: "a@example.com\u0000" }] },
      { RecordType: "Bounce" },
    ]) {
      expect((await post(body)).status).toBe(422);
    }
  });
});

describe("isMailWebhookAuthorized", () => {
  it("passes nothing without a configured secret, and needs the exact password", () => {
    expect(isMailWebhookAuthorized(basic(SECRET), undefined)).toBe(false);
    expect(isMailWebhookAuthorized(basic(SECRET), SECRET)).toBe(true);
    expect(isMailWebhookAuthorized(basic(`${SECRET}x`), SECRET)).toBe(false);
    expect(isMailWebhookAuthorized(`Basic ${Buffer.from(SECRET).toString("base64")}`, SECRET)).toBe(
      false,
    );
    expect(isMailWebhookAuthorized("Basic !!!", SECRET)).toBe(false);
  });
});
