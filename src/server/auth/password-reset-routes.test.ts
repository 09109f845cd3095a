import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember, uniqueEmail } from "../../test/members";
import { findLink, findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { jobs } from "../jobs/schema";
import { mailOutbox } from "../lib/mail-schema";
import { hashSessionToken } from "./session";
import { accountTokens } from "./tokens-schema";

const app = createApp();

function requestReset(email: string, headers: Record<string, string> = {}) {
  return app.request("/api/password-reset.php", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email }),
  });
}

function reset(token: string, password: string, repeat = password) {
  return app.request("/api/password-reset.php", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, password, password_repeat: repeat }),
  });
}

async function resetToken(email: string): Promise<string> {
  await requestReset(email);
  const [mail] = await findMailsTo(email);
  const link = new URL(findLink(mail as NonNullable<typeof mail>, "/reset-password/do?token="));
  return link.searchParams.get("token") ?? "";
}

/** The rows a reset request can write, counted across the tables its work touches. */
async function countRows() {
  const db = await getDb();
  const [tokens] = await db.select({ n: count() }).from(accountTokens);
  const [outbox] = await db.select({ n: count() }).from(mailOutbox);
  const [queued] = await db.select({ n: count() }).from(jobs);
  return { tokens: tokens?.n ?? 0, outbox: outbox?.n ?? 0, jobs: queued?.n ?? 0 };
}

describe("POST /api/password-reset.php", () => {
  it("does the same work before answering for a known and an unknown address (item 7)", async () => {
    const { email } = await createLoggedInMember(app);
    const unknown = uniqueEmail("nobody");
    const written = [];
    for (const address of [email, unknown]) {
      const before = await countRows();
      expect((await requestReset(address)).status).toBe(200);
      const after = await countRows();
      written.push({
        tokens: after.tokens - before.tokens,
        outbox: after.outbox - before.outbox,
        jobs: after.jobs - before.jobs,
      });
    }
    // One queued job each, and nothing that depends on whether the account exists.
    expect(written).toEqual([
      { tokens: 0, outbox: 0, jobs: 1 },
      { tokens: 0, outbox: 0, jobs: 1 },
    ]);
    // The job then mails the member, and nobody else.
    expect((await findMailsTo(email)).map((mail) => mail.kind)).toEqual(["password_reset"]);
    expect(await findMailsTo(unknown)).toEqual([]);
  });

  it("e-mails a member a link to set a new password", async () => {
    const { email } = await createLoggedInMember(app);
    const response = await requestReset(email);
    expect(await response.json()).toEqual({ status: "check_mail", email });
    const [mail] = await findMailsTo(email);
    expect(mail?.kind).toBe("password_reset");
    expect(mail?.subject).toBe("Set a new password for Amora");
  });

  it("answers an unknown address the same way and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const response = await requestReset(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "check_mail", email });
    expect(await findMailsTo(email)).toEqual([]);
  });

  it("allows 3 e-mails a day per address, then says to try tomorrow — known or not", async () => {
    for (const email of [(await createLoggedInMember(app)).email, uniqueEmail("nobody")]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(email)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await requestReset(email);
      expect((await last.json()).message).toBe(
        "Too many password reset emails sent, please try again tomorrow",
      );
    }
  });
});

describe("a visitor's retried password reset (spec §8, design §6)", () => {
  it("sent twice with one Idempotency-Key writes one e-mail and counts once against the daily three", async () => {
    const { email } = await createLoggedInMember(app);
    const headers = { "idempotency-key": randomBytes(16).toString("hex") };
    const first = await requestReset(email, headers);
    const retry = await requestReset(email, headers);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await findMailsTo(email)).toHaveLength(1);
    // The retry did not count: two more fit in the day's three, the one after is refused.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await requestReset(email)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await findMailsTo(email)).toHaveLength(3);
  });
});

describe("PUT /api/password-reset.php", () => {
  it("sets the new password, ends every other session and logs in here", async () => {
    const { email, cookie: oldSession } = await createLoggedInMember(app, {
      password: "the old password",
    });
    const token = await resetToken(email);
    const response = await reset(token, "a brand new passphrase");
    expect(response.status).toBe(200);
    const newSession = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await app.request("/api/user.php", { headers: { cookie: oldSession } })).status).toBe(
      403,
    );
    expect((await app.request("/api/user.php", { headers: { cookie: newSession } })).status).toBe(
      200,
    );

    const login = (password: string) =>
      app.request("/api/user.php", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
    expect((await login("a brand new passphrase")).status).toBe(200);
    expect((await login("the old password")).status).toBe(401);
  });

  it("refuses two different passwords with the spec's message", async () => {
    const { email } = await createLoggedInMember(app);
    const response = await reset(await resetToken(email), "a brand new passphrase", "another one");
    expect(response.status).toBe(422);
    expect((await response.json()).fields.password_repeat).toBe(
      "The entered passwords are not the same",
    );
  });

  it("works once: a second use of the link is 'Link expired or invalid'", async () => {
    const { email } = await createLoggedInMember(app);
    const token = await resetToken(email);
    expect((await reset(token, "a brand new passphrase")).status).toBe(200);
    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("Link expired or invalid, request a new email");
  });

  it("refuses an expired link", async () => {
    const { email } = await createLoggedInMember(app);
    const token = await resetToken(email);
    const db = await getDb();
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, hashSessionToken(token)));
    expect((await reset(token, "a brand new passphrase")).status).toBe(400);
  });

  it("refuses a common password and keeps the link usable", async () => {
    const { email } = await createLoggedInMember(app);
    const token = await resetToken(email);
    expect((await reset(token, "iloveyou123")).status).toBe(422);
    expect((await reset(token, "a brand new passphrase")).status).toBe(200);
  });
});
