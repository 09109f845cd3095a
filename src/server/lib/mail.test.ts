import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it, vi } from "vitest";

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server on loopback receives what the site sends (design §2: real transport). It is
// started, and SMTP_URL set, before any module reads the environment (read once per process).
const { server, received } = await vi.hoisted(async () => {
  const { SMTPServer } = await import("smtp-server");
  const received: Received[] = [];
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  return { server, received };
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("e-mail over SMTP", () => {
  it("delivers the activation e-mail of a signup, with the site's sender name, text and HTML", async () => {
    const { createApp } = await import("../app");
    const { findMailsTo } = await import("../../test/outbox");
    const email = `smtp-${crypto.randomUUID()}@test.example`;
    const response = await createApp().request("/api/signup.php", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "locale=de" },
      body: JSON.stringify({
        email,
        name: "Jürgen",
        password: "ein langes und seltenes Passwort",
        date_of_birth: "1985-02-01",
      }),
    });
    expect(response.status).toBe(201);

    const message = received.find((mail) => mail.to.includes(email));
    expect(message?.from).toBe("no-reply@amora.example");
    const raw = decodeQuotedPrintable(message?.raw ?? "");
    expect(raw).toMatch(/^From: Amora <no-reply@amora\.example>/m);
    expect(raw).toMatch(/^Subject: .+/m);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toMatch(/\/api\/activate\.php\?token=[a-z0-9]+/);

    const [outbox] = await findMailsTo(email);
    expect(outbox?.sentAt).toBeInstanceOf(Date);
    expect(outbox?.error).toBeNull();
  });
});
