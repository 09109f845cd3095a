import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createLoggedInMember, createTestMember, uniqueEmail } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { profiles } from "../profiles/schema";
import { sessions } from "./schema";
import { hashSessionToken } from "./session";

const app = createApp();
const password = "correct horse battery";

function authCookie(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const match = /auth=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`no auth cookie in ${header}`);
  return match[1];
}

async function logIn(email: string, pass = password) {
  return app.request("/api/user.php", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: pass }),
  });
}

describe("POST /api/user.php (login)", () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail("login");
    await createTestMember(await getDb(), { email, password, credits: 7 });
  });

  it("answers with the member and sets a 30-day HttpOnly auth cookie on path /", async () => {
    const response = await logIn(email.toUpperCase());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ email, credits: 7, paid_user: false, status: "confirmed" });
    expect(body.user.profile).toMatchObject({ name: "Alex", country: "nl", status: "active" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/auth=/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("stores only the hash of the session token", async () => {
    const token = authCookie(await logIn(email));
    const db = await getDb();
    const [byToken] = await db.select().from(sessions).where(eq(sessions.id, token));
    const [byHash] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(token)));
    expect(byToken).toBeUndefined();
    expect(byHash).toBeDefined();
  });

  it("issues a new token on every login", async () => {
    const first = authCookie(await logIn(email));
    const second = authCookie(await logIn(email));
    expect(second).not.toBe(first);
  });

  it("refuses a wrong password with the translated 'Login failed' message", async () => {
    const response = await app.request("/api/user.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "locale=de" },
      body: JSON.stringify({ email, password: "wrong password" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: "login_failed",
      message: "Anmeldung fehlgeschlagen, bitte versuch es noch einmal",
    });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const unknown = await logIn(uniqueEmail("nobody"));
    const wrong = await logIn(email, "wrong password");
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it("answers a malformed body with 422 and a message per field", async () => {
    const response = await app.request("/api/user.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "not-an-address" }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "validation",
      fields: { email: "Invalid email", password: "This field is required" },
    });
  });

  it("refuses a login posted from another site", async () => {
    const response = await app.request("/api/user.php", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "localhost:4321",
        origin: "https://evil.example",
      },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("forbidden_origin");
  });
});

describe("GET /api/user.php", () => {
  it("answers 403 authentication_required without a session", async () => {
    const response = await app.request("/api/user.php");
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("authentication_required");
  });

  it("answers 403 authentication_required for an unknown token", async () => {
    const response = await app.request("/api/user.php", { headers: { cookie: "auth=forged" } });
    expect(response.status).toBe(403);
  });

  it("marks the member active when the client refreshes (X-Request-Type: client)", async () => {
    const db = await getDb();
    const email = uniqueEmail("refresh");
    const { profile } = await createTestMember(db, {
      email,
      password,
      profile: { lastActiveAt: new Date("2020-01-01T00:00:00Z") },
    });
    const token = authCookie(await logIn(email));
    const response = await app.request("/api/user.php", {
      headers: { cookie: `auth=${token}`, "x-request-type": "client" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).user.email).toBe(email);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.lastActiveAt.getUTCFullYear()).toBeGreaterThan(2020);
  });
});

describe("PUT /api/user.php", () => {
  function putLanguage(cookie: string, language: string) {
    return app.request("/api/user.php", {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ language }),
    });
  }

  it("stores the member's language", async () => {
    const { cookie } = await createLoggedInMember(app);
    const response = await putLanguage(cookie, "sv");
    expect(response.status).toBe(200);
    expect((await response.json()).user.language).toBe("sv");
    const again = await app.request("/api/user.php", { headers: { cookie } });
    expect((await again.json()).user.language).toBe("sv");
  });

  it("refuses a language we do not offer", async () => {
    const { cookie } = await createLoggedInMember(app);
    const response = await putLanguage(cookie, "xx");
    expect(response.status).toBe(422);
    expect((await response.json()).fields.language).toBe("Choose one of the offered languages");
  });

  it("requires a session", async () => {
    const response = await putLanguage("", "sv");
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("authentication_required");
  });
});

describe("logging out (spec §7)", () => {
  async function loggedInCookie(): Promise<string> {
    const email = uniqueEmail("logout");
    await createTestMember(await getDb(), { email, password });
    return `auth=${authCookie(await logIn(email))}`;
  }

  function logOut(method: "GET" | "POST", cookie: string, headers: Record<string, string> = {}) {
    return app.request("/api/logout.php", { method, headers: { cookie, ...headers } });
  }

  async function isLoggedIn(cookie: string): Promise<boolean> {
    return (await app.request("/api/user.php", { headers: { cookie } })).status === 200;
  }

  it("POST ends the session so its cookie no longer works", async () => {
    const cookie = await loggedInCookie();
    const logout = await logOut("POST", cookie, { "sec-fetch-site": "same-origin" });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/auth=;/);
    expect(await isLoggedIn(cookie)).toBe(false);
  });

  it("POST from another site is refused and the session survives", async () => {
    const cookie = await loggedInCookie();
    const logout = await logOut("POST", cookie, { "sec-fetch-site": "cross-site" });
    expect(logout.status).toBe(403);
    expect(await isLoggedIn(cookie)).toBe(true);
  });

  it("sends the account menu's form post home", async () => {
    const cookie = await loggedInCookie();
    const response = await logOut("POST", cookie, {
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(await isLoggedIn(cookie)).toBe(false);
  });

  it("GET ends the session from a page of this site or a typed address", async () => {
    for (const fetchSite of ["same-origin", "none"]) {
      const cookie = await loggedInCookie();
      const logout = await logOut("GET", cookie, { "sec-fetch-site": fetchSite });
      expect(logout.status).toBe(200);
      expect(await isLoggedIn(cookie)).toBe(false);
    }
  });

  it("GET from another site's link or embed is refused with a clear message; the session survives", async () => {
    // Without Sec-Fetch-Site the request's source is unknown: refused too (POST works for all).
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ] as Record<string, string>[]) {
      const cookie = await loggedInCookie();
      const logout = await logOut("GET", cookie, { accept: "text/html", ...headers });
      expect(logout.status).toBe(403);
      expect(logout.headers.get("set-cookie")).toBeNull();
      expect(await logout.json()).toEqual({
        error: "forbidden_origin",
        message:
          "You have not been logged out, because the request came from another website. Log out from the menu on this site.",
      });
      expect(await isLoggedIn(cookie)).toBe(true);
    }
  });

  it("sends a browser navigation home", async () => {
    const response = await logOut("GET", "", { accept: "text/html", "sec-fetch-site": "none" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("login protection (spec §8)", () => {
  it("blocks an address after 5 wrong passwords, naming the minutes, even for the right one", async () => {
    const email = uniqueEmail("locked");
    await createTestMember(await getDb(), { email, password });
    const answers: { status: number; body: { error: string; message: string } }[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await logIn(email, `wrong ${i}`);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers.slice(0, 4).map((answer) => answer.body.error)).toEqual(
      Array(4).fill("login_failed"),
    );
    expect(answers[4]?.status).toBe(429);
    expect(answers[4]?.body.error).toBe("account_blocked");
    expect(answers[4]?.body.message).toMatch(
      /^Too many incorrect attempts, account blocked for \d+ min$/,
    );
    const right = await logIn(email);
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
  });

  it("blocks an unknown address the same way, so the block reveals no account", async () => {
    const email = uniqueEmail("ghost");
    const statuses: number[] = [];
    let lastBody: { error?: string } = {};
    for (let i = 0; i < 5; i++) {
      const response = await logIn(email, `wrong ${i}`);
      statuses.push(response.status);
      lastBody = await response.json();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(lastBody.error).toBe("account_blocked");
  });

  it("limits logins per IP address", async () => {
    const email = uniqueEmail("ip");
    await createTestMember(await getDb(), { email, password });
    const address = `203.0.113.9-${crypto.randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await app.request(
        "/api/user.php",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password }),
        },
        { clientAddress: address },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
