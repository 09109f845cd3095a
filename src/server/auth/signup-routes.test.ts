import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestMember, uniqueEmail } from "../../test/members";
import { findLink, findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { latestBirthdateForAge } from "../profiles/age";
import { profiles } from "../profiles/schema";
import { defaultSite } from "../sites/registry";
import { users } from "../users/schema";
import { canSignUp } from "./signup";

const app = createApp();
let ip = 0;

function signUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  // Each call from its own address, so the per-IP signup limit only counts where a test means it.
  ip++;
  return app.request(
    "/api/signup.php",
    {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost", ...headers },
      body: JSON.stringify(body),
    },
    { clientAddress: `192.0.2.${ip % 250}.${ip}` },
  );
}

function validSignup(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail("signup"),
    name: "Kim",
    password: "a long and unusual passphrase",
    date_of_birth: latestBirthdateForAge(30),
    ...overrides,
  };
}

describe("POST /api/signup.php", () => {
  it("creates an unconfirmed account with the site's signup credits and mails the activation link", async () => {
    const body = validSignup();
    const response = await signUp(body, {
      cookie: `tracking=${encodeURIComponent(JSON.stringify({ network: "ads", sub1: "spring" }))}`,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: "check_mail", email: body.email });

    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({
      status: "not_confirmed",
      credits: defaultSite.signupCredits,
      tracking: { network: "ads", sub1: "spring" },
      language: "en",
    });
    const [profile] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user?.id ?? 0));
    expect(profile).toMatchObject({ name: "Kim", status: "disabled" });

    const [mail] = await findMailsTo(body.email);
    expect(mail).toMatchObject({ kind: "activation", from: '"Amora" <no-reply@amora.example>' });
    expect(mail?.subject).toBe("Confirm your e-mail address for Amora");
    expect(mail?.text).toContain("Hello Kim,");
    expect(findLink(mail as NonNullable<typeof mail>, "/api/activate.php?token=")).toBeTruthy();
  });

  it("answers an address that has an account exactly like a new one, and e-mails its owner", async () => {
    const email = uniqueEmail("owner");
    await createTestMember(await getDb(), { email, password: "owner password" });
    const response = await signUp(validSignup({ email }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: "check_mail", email });
    const accounts = await (await getDb()).select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const [mail] = await findMailsTo(email);
    expect(mail?.kind).toBe("signup_exists");
    expect(mail?.text).not.toContain("activate");
  });

  it.each([
    ["email", { email: "not-an-address" }, "Invalid email"],
    ["name", { name: "@kim" }, "Your username may not start with @"],
    [
      "name",
      { name: "<script>" },
      "Use letters, numbers, spaces, dots, hyphens and underscores only",
    ],
    ["date_of_birth", { date_of_birth: "" }, "Enter your date of birth"],
    ["date_of_birth", { date_of_birth: "31-12-1990" }, "Enter your date of birth"],
    ["password", { password: "short" }, "Enter at least 8 characters"],
    ["password", { password: "x".repeat(129) }, "Enter at most 128 characters"],
  ])("refuses a bad %s with the spec's message", async (field, overrides, message) => {
    const response = await signUp(validSignup(overrides));
    expect(response.status).toBe(422);
    expect((await response.json()).fields[field]).toBe(message);
  });

  it("refuses a username that is the e-mail address", async () => {
    const response = await signUp(validSignup({ email: "kim@x.example", name: "KIM@x.example" }));
    expect((await response.json()).fields.name).toBe(
      "Your username may not be your e-mail address",
    );
  });

  it("refuses members under the site's minimum age, naming it", async () => {
    const response = await signUp(validSignup({ date_of_birth: latestBirthdateForAge(17) }));
    expect(response.status).toBe(422);
    expect((await response.json()).fields.date_of_birth).toBe("You must be 18+ to sign up");
  });

  it("on 29 February accepts the latest birthdate the form offers and refuses the day after", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2028-02-29T12:00:00Z"));
      // The signup form's max date (SignupPanel) is latestBirthdateForAge(min_age).
      const latest = latestBirthdateForAge(defaultSite.minAge);
      expect(latest).toBe("2010-02-28");
      expect((await signUp(validSignup({ date_of_birth: latest }))).status).toBe(201);
      const tooYoung = await signUp(validSignup({ date_of_birth: "2010-03-01" }));
      expect(tooYoung.status).toBe(422);
      vi.setSystemTime(new Date("2026-02-28T12:00:00Z"));
      const leapling = await signUp(validSignup({ date_of_birth: "2008-02-29" }));
      expect((await leapling.json()).fields.date_of_birth).toBe("You must be 18+ to sign up");
      vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
      expect((await signUp(validSignup({ date_of_birth: "2008-02-29" }))).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a common password", async () => {
    const response = await signUp(validSignup({ password: "Password123" }));
    expect((await response.json()).fields.password).toMatch(/too common/);
  });

  it("answers in the visitor's language", async () => {
    const response = await signUp(validSignup({ email: "nope" }), { cookie: "locale=sv" });
    expect((await response.json()).fields.email).toBe("Ogiltig e-postadress");
  });

  it("takes the member's language from the page they signed up on (issue 29 item 1)", async () => {
    // An English site and an English locale cookie: the German page's form says German.
    const body = validSignup({ language: "de" });
    expect((await signUp(body, { cookie: "locale=en" })).status).toBe(201);
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    expect(user?.language).toBe("de");
    const [mail] = await findMailsTo(body.email);
    expect(mail?.subject).toBe("Bestätige deine E-Mail-Adresse für Amora");
    expect(mail?.text).toContain("Hallo Kim,");
    const unknown = await signUp(validSignup({ language: "xx" }));
    expect(unknown.status).toBe(422);
  });

  it("accepts on a traffic-source-only site only visitors with a traffic source (spec §6)", async () => {
    const closed = await signUp(validSignup(), { host: "127.0.0.1" });
    expect(closed.status).toBe(403);
    expect((await closed.json()).error).toBe("signups_closed");
    const open = await signUp(validSignup(), {
      host: "127.0.0.1",
      cookie: `tracking=${encodeURIComponent(JSON.stringify({ ref: "partner" }))}`,
    });
    expect(open.status).toBe(201);
  });

  it("limits signups per IP address", async () => {
    // Unique per run, so a shared PostgreSQL server's counters from earlier runs do not count.
    const rateLimitedAddress = `198.51.100.7-${crypto.randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await app.request(
        "/api/signup.php",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validSignup()),
        },
        { clientAddress: rateLimitedAddress },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("canSignUp (spec §6)", () => {
  it("follows the site's signups mode", () => {
    expect(canSignUp({ ...defaultSite, signups: "all" }, false)).toBe(true);
    expect(canSignUp({ ...defaultSite, signups: "with_trafficsource" }, false)).toBe(false);
    expect(canSignUp({ ...defaultSite, signups: "with_trafficsource" }, true)).toBe(true);
    expect(canSignUp({ ...defaultSite, signups: "other" }, true)).toBe(false);
  });
});

describe("activation (spec §4)", () => {
  async function signUpAndGetLink() {
    const body = validSignup();
    await signUp(body);
    const [mail] = await findMailsTo(body.email);
    const link = new URL(findLink(mail as NonNullable<typeof mail>, "/api/activate.php?token="));
    return { email: body.email, path: link.pathname + link.search };
  }

  it("confirms the address, shows the profile, logs the member in and opens /activate/done", async () => {
    const { email, path } = await signUpAndGetLink();
    const response = await app.request(path);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/activate/done");
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const me = await app.request("/api/user.php", { headers: { cookie } });
    expect((await me.json()).user).toMatchObject({ email, status: "confirmed" });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [profile] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user?.id ?? 0));
    expect(profile?.status).toBe("active");
  });

  it("works once: a second click shows 'Activation failed'", async () => {
    const { path } = await signUpAndGetLink();
    await app.request(path);
    const again = await app.request(path);
    expect(again.headers.get("location")).toBe("/activate/error");
  });

  it("sends the message written at signup once the address is confirmed (spec §3), once", async () => {
    const recipient = await createTestMember(await getDb(), { email: uniqueEmail("landing") });
    const body = validSignup({
      signup_message: "Hi! I found you on your page and had to say hello.",
      signup_message_to: recipient.profile.id,
    });
    await signUp(body);
    const [mail] = await findMailsTo(body.email);
    const link = new URL(findLink(mail as NonNullable<typeof mail>, "/api/activate.php?token="));
    const db = await getDb();
    const sentTo = async () =>
      (await db.execute(sql`
        select m.body from messages m
        join conversation_members cm on cm.conversation_id = m.conversation_id
        where cm.user_id = ${recipient.user.id}`)) as { rows: { body: string }[] };
    expect((await sentTo()).rows).toEqual([]);
    const response = await app.request(link.pathname + link.search);
    expect(response.headers.get("location")).toBe("/activate/done");
    expect((await sentTo()).rows).toEqual([
      { body: "Hi! I found you on your page and had to say hello." },
    ]);
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ signupMessage: null, signupMessageTo: null });
  });

  it("sends a mangled link to /activate/error", async () => {
    for (const path of ["/api/activate.php?token=forged-token-value", "/api/activate.php"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.get("location")).toBe("/activate/error");
    }
  });

  it("resends the link to an unconfirmed address, and the old link stops working", async () => {
    const { email, path } = await signUpAndGetLink();
    const response = await app.request("/api/activation.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(await response.json()).toEqual({ status: "check_mail", email });
    expect(await findMailsTo(email)).toHaveLength(2);
    expect((await app.request(path)).headers.get("location")).toBe("/activate/error");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("unknown");
    const response = await app.request("/api/activation.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "check_mail", email });
    expect(await findMailsTo(email)).toEqual([]);
  });
});
