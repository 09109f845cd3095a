import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { premium } from "../../test/chat";
import { openEventStream } from "../../test/event-stream";
import { runJobsNamed } from "../../test/jobs";
import { createLoggedInMember, nextTestAddress, uniqueEmail } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { eraseExpiredAccounts } from "../account/deletion";
import { createApp } from "../app";
import { latestBirthdateForAge } from "../profiles/age";
import { staffAudit } from "../staff/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { SUSPENSION_ENDED, strikesOf } from "./sanctions";

/*
 * design §13, issue 27 item 4: what a ban or suspension does to the member and to everyone
 * else: sessions and open pages, login, signing up again, where the profile shows, the chats'
 * other side, and the job that ends a suspension.
 */
const app = createApp();
let moderator: Awaited<ReturnType<typeof createSignedInStaff>>;
const PASSWORD = "test member password";

beforeAll(async () => {
  moderator = await createSignedInStaff(app, "moderator");
});

function act(userId: number, action: string, body: object) {
  return staffCall(app, "POST", `/api/staff/members/${userId}/${action}`, moderator.cookie, body);
}

function call(cookie: string, method: string, path: string, body?: unknown) {
  return app.request(path, {
    method,
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

function logIn(email: string, language = "en", password = PASSWORD) {
  return app.request(
    "/api/user.php",
    {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({ email, password }),
    },
    { clientAddress: nextTestAddress() },
  );
}

function signUp(email: string) {
  return app.request(
    "/api/signup.php",
    {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost" },
      body: JSON.stringify({
        email,
        name: "Kim",
        password: "a long and unusual passphrase",
        date_of_birth: latestBirthdateForAge(30),
      }),
    },
    { clientAddress: nextTestAddress() },
  );
}

describe("a banned member", () => {
  it("is logged out everywhere at once, and their open page goes to the ban page", async () => {
    const member = await createLoggedInMember(app, { language: "de" });
    const stream = await openEventStream(app, member.cookie);
    await stream.until("ready");
    expect((await call(member.cookie, "GET", "/api/user.php")).status).toBe(200);
    expect((await act(member.user.id, "ban", { reason: "Scam" })).status).toBe(200);

    const event = await stream.until("sanction");
    expect(event.data).toEqual({ sanction: "banned", ends_at: null, url: "/de/ban" });
    // The stream ends with it. The session cache hears of the ban on its own channel
    // (decision 0003), which may come a moment after the stream's: the next request within it.
    await expect(stream.next()).rejects.toThrow("the stream ended");
    const user = () => call(member.cookie, "GET", "/api/user.php");
    await expect.poll(async () => (await user()).status, { timeout: 2000 }).toBe(403);
    expect((await (await user()).json()).error).toBe("authentication_required");
  });

  it("cannot log in (nor reactivate), and is told so in their language", async () => {
    const member = await createLoggedInMember(app, { language: "de" });
    await act(member.user.id, "ban", { reason: "Scam" });
    const login = await logIn(member.email, "en");
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({
      error: "account_banned",
      message: "Dein Konto wurde gesperrt. Du kannst dich nicht mehr anmelden.",
    });
    expect(login.headers.get("set-cookie")).toBeNull();
    // A wrong password is still the one answer for every failure.
    expect((await logIn(member.email, "en", "not the password")).status).toBe(401);
    const reactivate = await app.request(
      "/api/reactivate.php",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: member.email, password: PASSWORD }),
      },
      { clientAddress: nextTestAddress() },
    );
    expect(reactivate.status).toBe(403);
    expect((await reactivate.json()).error).toBe("account_banned");
  });

  it("cannot sign up again or move an account to the address, also once erased", async () => {
    const member = await createLoggedInMember(app);
    await act(member.user.id, "ban", { reason: "Scam" });
    for (const address of [member.email, member.email.toUpperCase()]) {
      const signup = await signUp(address);
      expect(signup.status).toBe(403);
      expect((await signup.json()).error).toBe("email_banned");
    }
    const other = await createLoggedInMember(app);
    const change = await call(other.cookie, "POST", "/api/mail-change.php", {
      email: member.email,
    });
    expect(change.status).toBe(403);
    expect((await change.json()).error).toBe("email_banned");

    // Erased (the scheduled erasure, after the 14 days of a pending deletion): still refused.
    const db = await getReadyDb();
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(users.id, member.user.id));
    await eraseExpiredAccounts(db);
    const [erased] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(erased?.erasedAt).not.toBeNull();
    expect(erased?.email).not.toBe(member.email);
    const again = await signUp(member.email);
    expect(again.status).toBe(403);
    expect((await again.json()).error).toBe("email_banned");
    // Another address still signs up.
    expect((await signUp(uniqueEmail("not-banned"))).status).toBe(201);
  });

  it("is seen nowhere: search, likes, matches, swipe cards, profile; a deleted member in chats", async () => {
    // An age nobody else has in this country, so the search's page holds both.
    const profile = {
      gender: "female" as const,
      seeking: "male" as const,
      country: "nl",
      birthdate: latestBirthdateForAge(79),
    };
    const banned = await createLoggedInMember(app, { ...premium, photoCount: 1, profile });
    const viewer = await createLoggedInMember(app, {
      ...premium,
      profile: { gender: "male", seeking: "female", country: "nl" },
    });
    // They like each other (a match), and chat.
    expect(
      (await call(viewer.cookie, "POST", "/api/like.php", { id: banned.profile.id })).status,
    ).toBe(200);
    expect(
      (await call(banned.cookie, "POST", "/api/like.php", { id: viewer.profile.id })).status,
    ).toBe(200);
    const opened = await call(viewer.cookie, "POST", "/api/chat.php", {
      profile: banned.profile.id,
    });
    const { conversation } = await opened.json();
    const sent = await call(viewer.cookie, "POST", "/api/message.php", {
      conversation,
      text: "Hi",
    });
    expect(sent.status).toBe(200);

    const searched = async () => {
      const page = await (
        await call(
          viewer.cookie,
          "GET",
          "/api/search.php?gender=female&country=nl&min_age=79&max_age=79",
        )
      ).json();
      return (page.profiles as { id: number }[]).map((card) => card.id);
    };
    const listed = async (type: string) => {
      const page = await (await call(viewer.cookie, "GET", `/api/likes.php?type=${type}`)).json();
      return (page.profiles as { id: number }[]).map((card) => card.id);
    };
    const chatCard = async () => {
      const list = await (await call(viewer.cookie, "GET", "/api/chats.php")).json();
      return list.chats.find((chat: { conversation: number }) => chat.conversation === conversation)
        ?.profile;
    };
    const profilePath = `/api/profile.php?id=${banned.profile.id}`;
    expect(await searched()).toContain(banned.profile.id);
    for (const type of ["received", "given", "matches"]) {
      expect(await listed(type)).toContain(banned.profile.id);
    }
    expect((await chatCard())?.id).toBe(banned.profile.id);
    expect((await call(viewer.cookie, "GET", profilePath)).status).toBe(200);

    expect((await act(banned.user.id, "ban", { reason: "Fake profile" })).status).toBe(200);

    expect(await searched()).not.toContain(banned.profile.id);
    for (const type of ["received", "given", "matches"]) {
      expect(await listed(type)).not.toContain(banned.profile.id);
    }
    const cards = await (await call(viewer.cookie, "GET", "/api/swipe.php")).json();
    expect(cards.profiles.map((card: { id: number }) => card.id)).not.toContain(banned.profile.id);
    expect((await call(viewer.cookie, "GET", profilePath)).status).toBe(404);
    expect(await chatCard()).toBeNull();
    const thread = await (
      await call(viewer.cookie, "GET", `/api/messages.php?conversation=${conversation}`)
    ).json();
    expect(thread.profile).toBeNull();
    expect(thread.terms).toMatchObject({ can_write: false, blocked_reason: "deleted" });
    const refused = await call(viewer.cookie, "POST", "/api/message.php", {
      conversation,
      text: "Hello?",
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("member_deleted");

    // Lifted, the member is back where they were.
    expect((await act(banned.user.id, "lift", { reason: "Appeal" })).status).toBe(200);
    expect(await searched()).toContain(banned.profile.id);
    expect((await chatCard())?.id).toBe(banned.profile.id);
    expect((await call(viewer.cookie, "GET", profilePath)).status).toBe(200);
    expect((await logIn(banned.email)).status).toBe(200);
  });
});

describe("a suspension", () => {
  it("refuses the login until its end, then the job lifts it as the system", async () => {
    const member = await createLoggedInMember(app, { language: "en" });
    const suspended = await act(member.user.id, "suspend", { days: 3, reason: "Insults" });
    expect(suspended.status).toBe(200);
    const endsAt = new Date((await suspended.json()).member.sanction_ends_at);
    const login = await logIn(member.email, "en");
    expect(login.status).toBe(403);
    const refusal = await login.json();
    expect(refusal.error).toBe("account_suspended");
    expect(refusal.message).toContain(String(endsAt.getUTCFullYear()));
    expect(refusal.message).toMatch(/^Your account is suspended until \w+ \d+, \d{4}/);

    // A minute before its end the job leaves it; at its end it is lifted.
    await runJobsNamed(["moderation.lift-suspensions"], new Date(endsAt.getTime() - 60_000));
    const db = await getReadyDb();
    const sanctionOf = async () =>
      (await db.select().from(users).where(eq(users.id, member.user.id)))[0]?.sanction;
    expect(await sanctionOf()).toBe("suspended");
    await runJobsNamed(["moderation.lift-suspensions"], new Date(endsAt.getTime() + 60_000));
    expect(await sanctionOf()).toBeNull();
    const [lift] = await strikesOf(db, member.user.id);
    expect(lift).toMatchObject({ kind: "lift", staff_id: null, reason: SUSPENSION_ENDED });
    const audit = await db
      .select()
      .from(staffAudit)
      .where(
        and(eq(staffAudit.targetType, "member"), eq(staffAudit.targetId, String(member.user.id))),
      )
      .orderBy(staffAudit.id);
    expect(audit.map((row) => [row.action, row.staffId, row.role])).toEqual([
      ["member.suspend", moderator.id, "moderator"],
      ["member.lift", null, null],
    ]);
    expect((await logIn(member.email)).status).toBe(200);
    // Nothing left to lift: another run writes nothing.
    await runJobsNamed(["moderation.lift-suspensions"], new Date(endsAt.getTime() + 120_000));
    expect(await strikesOf(db, member.user.id)).toHaveLength(2);
  });
});
