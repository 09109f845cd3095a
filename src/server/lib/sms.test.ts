import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { jobs } from "../jobs/schema";
import { defaultSite } from "../sites/registry";
import {
  createTwilioSender,
  deliverOutboxSms,
  SMS_DELIVERY_JOB,
  sendSms,
  setSmsSenderForTests,
} from "./sms";
import { smsOutbox } from "./sms-schema";

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "stand-in-auth-token-0123";

/**
 * A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, HTTP basic auth; 201 with the message, or an error object): Twilio cannot be
 * reached from these machines, and it is a boundary we do not own.
 */
async function startTwilioStandIn() {
  const received: Record<string, string>[] = [];
  let failNext = false;
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`;
    response.setHeader("content-type", "application/json");
    if (request.headers.authorization !== expected) {
      response
        .writeHead(401)
        .end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      return;
    }
    if (request.method !== "POST" || request.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
      response
        .writeHead(404)
        .end(JSON.stringify({ code: 20404, message: "Not found", status: 404 }));
      return;
    }
    if (failNext) {
      failNext = false;
      response
        .writeHead(400)
        .end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid", status: 400 }));
      return;
    }
    received.push(form);
    response.writeHead(201).end(
      JSON.stringify({
        sid: `SM${String(received.length).padStart(32, "0")}`,
        status: "queued",
        to: form.To,
        from: form.From,
        body: form.Body,
      }),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    failOnce: () => {
      failNext = true;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
});

afterAll(async () => {
  setSmsSenderForTests(undefined);
  await twilio.close();
});

describe("text messages (design §9: an SMS sender interface, an outbox like e-mail's)", () => {
  it("keeps texts in the outbox, and queues no delivery, when no provider is set", async () => {
    const db = await getDb();
    const to = "+31611112222";
    await sendSms(db, defaultSite, { kind: "direct_debit_code", to, text: "123456 is your code" });
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
    expect(row).toMatchObject({ from: "Amora", text: "123456 is your code", sentAt: null });
    const queued = await db.select().from(jobs).where(eq(jobs.name, SMS_DELIVERY_JOB));
    expect(queued.filter((job) => job.payload.outboxId === row?.id)).toEqual([]);
  });

  it("delivers through Twilio's Messages API, once, and records a refusal for the retry", async () => {
    setSmsSenderForTests(
      createTwilioSender({ accountSid: SID, authToken: TOKEN, apiUrl: twilio.url }),
    );
    const db = await getDb();
    const to = "+4915123450000";
    await sendSms(db, defaultSite, { kind: "direct_debit_code", to, text: "654321 ist dein Code" });
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
    if (!row) throw new Error("no outbox row");
    const queued = await db.select().from(jobs).where(eq(jobs.name, SMS_DELIVERY_JOB));
    expect(queued.some((job) => job.payload.outboxId === row.id)).toBe(true);

    twilio.failOnce();
    await expect(deliverOutboxSms(db, row.id)).rejects.toThrow(/21211/);
    const [failed] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, row.id));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.error).toContain("The 'To' number is not valid");

    await deliverOutboxSms(db, row.id);
    await deliverOutboxSms(db, row.id);
    expect(twilio.received.filter((form) => form.To === to)).toEqual([
      { To: to, From: "Amora", Body: "654321 ist dein Code" },
    ]);
    const [sent] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, row.id));
    expect(sent).toMatchObject({ attempts: 2, error: null });
    expect(sent?.providerRef).toMatch(/^SM\d{32}$/);
    expect(sent?.sentAt).not.toBeNull();
    setSmsSenderForTests(undefined);
  });

  it("fails an attempt with a wrong token, naming Twilio's answer", async () => {
    const sender = createTwilioSender({
      accountSid: SID,
      authToken: "wrong-token-0123456",
      apiUrl: twilio.url,
    });
    await expect(sender.send({ to: "+31611112222", from: "Amora", text: "x" })).rejects.toThrow(
      "Twilio answered 401: 20003 Authenticate",
    );
  });
});
