import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { users } from "../users/schema";

const app = createApp();

function put(path: string, cookie: string, body: unknown) {
  return app.request(path, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("GET and PUT /api/notifications.php", () => {
  it("answers the member's settings and requires a session", async () => {
    const { cookie, email } = await createLoggedInMember(app);
    const response = await app.request("/api/notifications.php", { headers: { cookie } });
    expect(await response.json()).toEqual({
      email,
      invisible: false,
      notifications_disabled: [],
      email_disabled_reason: null,
    });
    expect((await app.request("/api/notifications.php")).status).toBe(403);
  });

  it("stores notification opt-outs per category (spec §3)", async () => {
    const { cookie } = await createLoggedInMember(app);
    const response = await put("/api/notifications.php", cookie, {
      notifications_disabled: ["promotions", "weekly_updates", "promotions"],
    });
    expect((await response.json()).notifications_disabled).toEqual([
      "promotions",
      "weekly_updates",
    ]);
  });

  it("refuses an unknown category", async () => {
    const { cookie } = await createLoggedInMember(app);
    const response = await put("/api/notifications.php", cookie, {
      notifications_disabled: ["everything"],
    });
    expect(response.status).toBe(422);
  });

  it("hides an invisible member from search and shows them again", async () => {
    const { cookie, profile } = await createLoggedInMember(app, {
      profile: { country: "it", name: "Invisible Ivo", lastActiveAt: new Date() },
    });
    const listed = async () => {
      const page = (await (
        await app.request("/api/search.php?country=it")
      ).json()) as MemberSearchPage;
      return page.profiles.some((card) => card.id === profile.id);
    };
    expect(await listed()).toBe(true);
    expect(
      (await (await put("/api/notifications.php", cookie, { invisible: true })).json()).invisible,
    ).toBe(true);
    expect(await listed()).toBe(false);
    await put("/api/notifications.php", cookie, { invisible: false });
    expect(await listed()).toBe(true);
  });

  it("turns e-mail back on after it was disabled for a bounce", async () => {
    const { cookie, user } = await createLoggedInMember(app);
    const db = await getDb();
    await db.update(users).set({ emailDisabledReason: "bounce" }).where(eq(users.id, user.id));
    const before = await (
      await app.request("/api/notifications.php", { headers: { cookie } })
    ).json();
    expect(before.email_disabled_reason).toBe("bounce");
    const after = await (
      await put("/api/notifications.php", cookie, { email_enabled: true })
    ).json();
    expect(after.email_disabled_reason).toBeNull();
  });
});

describe("PUT /api/password.php", () => {
  it("changes the password, ends the member's other sessions and keeps this one", async () => {
    const member = await createLoggedInMember(app, { password: "the old password" });
    const otherDevice = await app.request("/api/user.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: "the old password" }),
    });
    const otherCookie = (otherDevice.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const response = await put("/api/password.php", member.cookie, {
      old_password: "the old password",
      password: "a brand new passphrase",
      password_repeat: "a brand new passphrase",
    });
    expect(response.status).toBe(200);
    expect(
      (await app.request("/api/user.php", { headers: { cookie: member.cookie } })).status,
    ).toBe(200);
    expect((await app.request("/api/user.php", { headers: { cookie: otherCookie } })).status).toBe(
      403,
    );
  });

  it("requires the correct current password", async () => {
    const member = await createLoggedInMember(app, { password: "the old password" });
    const response = await put("/api/password.php", member.cookie, {
      old_password: "a guess",
      password: "a brand new passphrase",
      password_repeat: "a brand new passphrase",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).fields.old_password).toBe("The current password is not correct");
  });

  it("refuses two different new passwords with the spec's message", async () => {
    const member = await createLoggedInMember(app, { password: "the old password" });
    const response = await put("/api/password.php", member.cookie, {
      old_password: "the old password",
      password: "a brand new passphrase",
      password_repeat: "something else",
    });
    expect((await response.json()).fields.password_repeat).toBe(
      "The entered passwords are not the same",
    );
  });
});

describe("changing the e-mail address", () => {
  function requestChange(cookie: string, email: string) {
    return app.request("/api/mail-change.php", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
  }

  it("takes effect only when the link sent to the new address is opened", async () => {
    const { findLink, findMailsTo } = await import("../../test/outbox");
    const { confirmEmailChange } = await import("./email-change");
    const { cookie, email } = await createLoggedInMember(app);
    const newEmail = `new-${crypto.randomUUID()}@test.example`;
    const response = await requestChange(cookie, newEmail);
    expect(await response.json()).toEqual({ status: "check_mail", email: newEmail });
    const before = await (await app.request("/api/user.php", { headers: { cookie } })).json();
    expect(before.user.email).toBe(email);

    const [mail] = await findMailsTo(newEmail);
    expect(mail?.kind).toBe("email_change");
    const token =
      new URL(
        findLink(mail as NonNullable<typeof mail>, "/mail-change/do?token="),
      ).searchParams.get("token") ?? "";
    expect(await confirmEmailChange(await getDb(), token)).toBe(newEmail);
    const after = await (await app.request("/api/user.php", { headers: { cookie } })).json();
    expect(after.user.email).toBe(newEmail);
    expect(await confirmEmailChange(await getDb(), token)).toBeNull();
  });

  it("answers a taken address as a free one, and mails its owner instead of a link (design §10)", async () => {
    const { findMailsTo } = await import("../../test/outbox");
    const owner = await createLoggedInMember(app, { language: "de" });
    const asker = await createLoggedInMember(app);
    const free = `free-${crypto.randomUUID()}@test.example`;
    const taken = await requestChange(asker.cookie, owner.email.toUpperCase());
    const open = await requestChange(asker.cookie, free);
    expect(taken.status).toBe(200);
    expect(open.status).toBe(200);
    expect(await taken.json()).toEqual({ status: "check_mail", email: owner.email.toUpperCase() });
    expect(await open.json()).toEqual({ status: "check_mail", email: free });
    // The owner hears of it in their language, with no link that could move their address.
    const [notice] = await findMailsTo(owner.email);
    expect(notice?.kind).toBe("email_change_exists");
    expect(notice?.subject).toContain("Jemand wollte deine Adresse");
    expect(notice?.text).not.toContain("/mail-change/do");
    expect((await findMailsTo(free))[0]?.kind).toBe("email_change");
  });

  it("is for confirmed members only, with a translated answer", async () => {
    const { findMailsTo } = await import("../../test/outbox");
    const { cookie } = await createLoggedInMember(app, { status: "not_confirmed" });
    const target = `outside-${crypto.randomUUID()}@test.example`;
    const response = await requestChange(cookie, target);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: "email_unconfirmed",
      message: "Please confirm your current e-mail address first; then you can change it.",
    });
    expect(await findMailsTo(target)).toHaveLength(0);
  });

  it("mails one outside address a few times a day at most, whoever asks", async () => {
    const { findMailsTo } = await import("../../test/outbox");
    const target = `outside-${crypto.randomUUID()}@test.example`;
    const askers = await Promise.all(Array.from({ length: 5 }, () => createLoggedInMember(app)));
    const answers = await Promise.all(askers.map(({ cookie }) => requestChange(cookie, target)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(await refused?.json()).toEqual({
      error: "rate_limited",
      message: "Too many address changes for today. Please try again tomorrow.",
    });
    expect(await findMailsTo(target)).toHaveLength(3);
  });

  it("lets one member ask a few times a day, taken and free addresses counted alike", async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => createLoggedInMember(app)));
    const { cookie } = await createLoggedInMember(app);
    const addresses = [
      ...owners.map((owner) => owner.email),
      `a-${crypto.randomUUID()}@test.example`,
      `b-${crypto.randomUUID()}@test.example`,
      `c-${crypto.randomUUID()}@test.example`,
    ];
    const statuses = [];
    for (const address of addresses) statuses.push((await requestChange(cookie, address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("refuses an invalid address and the current one", async () => {
    const { cookie, email } = await createLoggedInMember(app);
    expect((await (await requestChange(cookie, "nope")).json()).fields.email).toBe("Invalid email");
    expect((await (await requestChange(cookie, email)).json()).fields.email).toBe(
      "This is already your e-mail address",
    );
  });
});

describe("GET /api/export.php", () => {
  it("gives the member their own data as a JSON download", async () => {
    const { cookie, email } = await createLoggedInMember(app, {
      photoCount: 2,
      profile: { name: "Export Eva", about: "Hello" },
    });
    const other = await createLoggedInMember(app);
    const write = (path: string, body: unknown) =>
      app.request(path, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await write("/api/like.php", { id: other.profile.id });
    const blocked = await createLoggedInMember(app);
    await write("/api/block.php", { id: blocked.profile.id });
    const response = await app.request("/api/export.php", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-/);
    const data = await response.json();
    expect(data.account.email).toBe(email);
    expect(data.profile).toMatchObject({ name: "Export Eva", about: "Hello" });
    expect(data.photos).toHaveLength(2);
    expect(data).toHaveProperty("messages_sent");
    expect(data.likes).toMatchObject([{ profile_id: other.profile.id }]);
    expect(data.blocked_members).toMatchObject([{ profile_id: blocked.profile.id }]);
    expect(data.gifts_sent).toEqual([]);
    expect(data).toHaveProperty("payments");
  });

  it("requires a session", async () => {
    expect((await app.request("/api/export.php")).status).toBe(403);
  });
});

describe("POST /api/mail-events.php without MAIL_WEBHOOK_SECRET", () => {
  it("is not there: nobody can switch e-mail off through it (fail closed)", async () => {
    const authorization = `Basic ${Buffer.from("user:").toString("base64")}`;
    const response = await app.request("/api/mail-events.php", {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify({ events: [{ type: "complaint", email: "someone@example.com" }] }),
    });
    expect(response.status).toBe(404);
  });
});
