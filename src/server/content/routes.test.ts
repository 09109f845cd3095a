import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember, uniqueEmail } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { complaints, cookieConsents, shortLinks } from "./schema";
import { createShortLink, resolveShortLink } from "./service";

const app = createApp();

function sendComplaint(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request(
    "/api/complaints.php",
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    // Each test writes from its own address, so the per-address limit is the test's alone.
    {
      clientAddress:
        headers["x-test-address"] ??
        `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  );
}

const complaint = () => ({
  name: "Maria Jansen",
  email: uniqueEmail("complainant"),
  category: "payment",
  message: "I was charged twice for the same credit package on Monday.",
});

describe("POST /api/complaints.php", () => {
  it("stores the complaint and e-mails it to the site's support address with the complainant as Reply-To", async () => {
    const input = complaint();
    const response = await sendComplaint(input, { host: "127.0.0.1:4321", cookie: "locale=fr" });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: number };
    const db = await getDb();
    const [row] = await db.select().from(complaints).where(eq(complaints.id, reference));
    expect(row).toMatchObject({
      siteId: "herzklopfen",
      email: input.email,
      category: "payment",
      locale: "fr",
      status: "open",
    });
    const mail = (await findMailsTo("hilfe@herzklopfen.example")).find((sent) =>
      sent.subject.includes(`#${reference} `),
    );
    // The support team gets it in the site's language (German), whatever the visitor's.
    expect(mail?.subject).toBe(`Beschwerde #${reference} bei Herzklopfen: Eine Zahlung`);
    expect(mail?.headers).toMatchObject({ "Reply-To": input.email });
    expect(mail?.text).toContain(input.message);
  });

  it("links the complaint to the member who sent it", async () => {
    const { cookie, user } = await createLoggedInMember(app);
    const response = await sendComplaint(complaint(), { cookie });
    const { reference } = (await response.json()) as { reference: number };
    const [row] = await (await getDb())
      .select()
      .from(complaints)
      .where(eq(complaints.id, reference));
    expect(row?.userId).toBe(user.id);
  });

  it("escapes the complaint in the HTML e-mail", async () => {
    const response = await sendComplaint({
      ...complaint(),
      message: "<script>alert(1)</script> and more text here",
    });
    const { reference } = (await response.json()) as { reference: number };
    const mail = (await findMailsTo("support@amora.example")).find((sent) =>
      sent.subject.includes(`#${reference} `),
    );
    expect(mail?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail?.html).not.toContain("<script>");
  });

  it("answers bad input with translated field messages and stores nothing", async () => {
    const response = await sendComplaint(
      { name: "M", email: "not-an-address", category: "weather", message: "short" },
      { cookie: "locale=de" },
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe("validation");
    expect(Object.keys(body.fields).sort()).toEqual(["category", "email", "message", "name"]);
    expect(body.fields.email).toBe("Ungültige E-Mail-Adresse");
  });

  it("refuses a sixth complaint from one address within the hour", async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) {
      expect((await sendComplaint(complaint(), { "x-test-address": address })).status).toBe(201);
    }
    const refused = await sendComplaint(complaint(), { "x-test-address": address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("POST /api/cookie-consent.php", () => {
  it("records the answer, remembers it in a cookie, and drops the ad-source cookie on 'necessary'", async () => {
    const response = await app.request("/api/cookie-consent.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: 'tracking={"network":"ads"}' },
      body: JSON.stringify({ choice: "necessary" }),
    });
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/cookie_consent=necessary;.*Max-Age=31536000/);
    expect(cookies).toMatch(/tracking=;.*Max-Age=0/);
    const rows = await (await getDb()).select().from(cookieConsents);
    expect(rows.some((row) => row.choice === "necessary" && row.policyVersion)).toBe(true);
  });

  it("keeps the ad-source cookie when everything is accepted", async () => {
    const response = await app.request("/api/cookie-consent.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ choice: "all" }),
    });
    expect(response.headers.getSetCookie().join("\n")).not.toContain("tracking=");
  });

  it("refuses an unknown choice", async () => {
    const response = await app.request("/api/cookie-consent.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ choice: "some" }),
    });
    expect(response.status).toBe(422);
  });
});

describe("short links (spec §2 {token})", () => {
  it("resolve to their target and count each click", async () => {
    const db = await getDb();
    const token = await createShortLink(db, "/members/12?network=mail");
    expect(token).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{8}$/);
    expect(await resolveShortLink(db, token)).toBe("/members/12?network=mail");
    expect(await resolveShortLink(db, token)).toBe("/members/12?network=mail");
    const [row] = await db.select().from(shortLinks).where(eq(shortLinks.token, token));
    expect(row?.clicks).toBe(2);
  });

  it("do not resolve once expired, or when unknown or malformed", async () => {
    const db = await getDb();
    const expired = await createShortLink(db, "/signup", {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await resolveShortLink(db, expired)).toBeNull();
    expect(await resolveShortLink(db, "zzzzzzzz")).toBeNull();
    expect(await resolveShortLink(db, "../etc")).toBeNull();
  });

  it("only ever point at paths on the same site", async () => {
    const db = await getDb();
    await expect(createShortLink(db, "https://evil.example/")).rejects.toThrow();
    await expect(createShortLink(db, "//evil.example/")).rejects.toThrow();
  });
});
