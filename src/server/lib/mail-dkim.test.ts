import { createHash, createPublicKey, verify } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";

// A real SMTP server on loopback, and a DKIM key, set before any module reads the environment
// (read once per process).
const { smtp, publicKey } = await vi.hoisted(async () => {
  const { generateKeyPairSync } = await import("node:crypto");
  const { startSmtpStandIn } = await import("../../test/smtp-stand-in");
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  process.env.DKIM_SELECTOR = "amora2026";
  // As an env file holds it: one line, `\n` for the line breaks.
  const pem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  process.env.DKIM_PRIVATE_KEY = pem.replaceAll("\n", "\\n");
  return { smtp, publicKey: keys.publicKey.export({ type: "spki", format: "pem" }).toString() };
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.DKIM_SELECTOR;
  delete process.env.DKIM_PRIVATE_KEY;
  await smtp.close();
});

/** The raw message's header fields (unfolded lines as sent) and its body. */
function splitMessage(raw: string) {
  const end = raw.indexOf("\r\n\r\n");
  const fields = raw
    .slice(0, end)
    .split(/\r\n(?![ \t])/)
    .map((field) => ({ name: field.slice(0, field.indexOf(":")), field }));
  return { fields, body: raw.slice(end + 4) };
}

/** RFC 6376 §3.4.2 relaxed header canonicalization. */
function relaxedHeader(field: string): string {
  const at = field.indexOf(":");
  const value = field
    .slice(at + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${field.slice(0, at).trim().toLowerCase()}:${value}`;
}

/** RFC 6376 §3.4.4 relaxed body canonicalization. */
function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.length > 0 ? `${lines.join("\r\n")}\r\n` : "";
}

describe("DKIM (RFC 8058 §4: the one-click unsubscribe's headers under a signature)", () => {
  it("signs a notification mail for its sender's domain, List-Unsubscribe-Post included", async () => {
    const { getDb } = await import("../db/client");
    const { runDueJobs } = await import("../jobs/runner");
    const { createTestMember } = await import("../../test/members");
    const { defaultSite } = await import("../sites/registry");
    const { MAIL_TEMPLATES } = await import("./mail-templates");
    const { mailDeliveryJob } = await import("./mail");
    const { sendNotificationMail } = await import("../account/notification-mail");
    const db = await getDb();
    const { user } = await createTestMember(db);
    await sendNotificationMail(db, defaultSite, user, {
      category: "like",
      template: MAIL_TEMPLATES.like,
      url: `${defaultSite.origin}/likes`,
      origin: defaultSite.origin,
      params: { name: "Mia" },
    });
    await runDueJobs(db, [mailDeliveryJob]);
    const mail = smtp.received.find((received) => received.to.includes(user.email));
    const { fields, body } = splitMessage(mail?.raw ?? "");
    const signature = fields.find((field) => /^dkim-signature$/i.test(field.name));
    expect(signature).toBeDefined();
    const tags = Object.fromEntries(
      relaxedHeader(signature?.field ?? "")
        .slice("dkim-signature:".length)
        .split(";")
        .map((tag) => tag.trim())
        .filter(Boolean)
        .map((tag) => [tag.slice(0, tag.indexOf("=")), tag.slice(tag.indexOf("=") + 1)]),
    );
    expect(tags.d).toBe("amora.example");
    expect(tags.s).toBe("amora2026");
    expect(tags.c).toBe("relaxed/relaxed");
    const signed = (tags.h ?? "").toLowerCase().replace(/\s/g, "").split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));

    // The body hash and the signature verify with the public key (what a receiver does).
    const bodyHash = createHash("sha256").update(relaxedBody(body)).digest("base64");
    expect(tags.bh?.replace(/\s/g, "")).toBe(bodyHash);
    const lastOf = new Map<string, number>();
    const headers = signed.flatMap((name) => {
      const matching = fields.filter((field) => field.name.toLowerCase() === name);
      const index = (lastOf.get(name) ?? matching.length) - 1;
      lastOf.set(name, index);
      const field = matching[index];
      return field ? [`${relaxedHeader(field.field)}\r\n`] : [];
    });
    const unsigned = relaxedHeader(signature?.field ?? "").replace(/b=[^;]*$/, "b=");
    const data = headers.join("") + unsigned;
    const b = (tags.b ?? "").replace(/\s/g, "");
    expect(
      verify("sha256", Buffer.from(data), createPublicKey(publicKey), Buffer.from(b, "base64")),
    ).toBe(true);
  });
});
