import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTwilioStandIn } from "../../test/twilio-stand-in";
import { getDb } from "../db/client";
import { jobs } from "../jobs/schema";
import { defaultSite } from "../sites/registry";
import { createTwilioSender, deliverOutboxSms, sendSms, smsDeliveryJob } from "./sms";
import { smsOutbox } from "./sms-schema";

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "stand-in-auth-token-0123";

let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;

beforeAll(async () => {
  twilio = await startTwilioStandIn({ accountSid: SID, authToken: TOKEN });
});

afterAll(async () => {
  await twilio.close();
});

describe("text messages (design §9: an SMS sender interface, an outbox like e-mail's)", () => {
  it("keeps texts in the outbox, and queues no delivery, when no provider is set", async () => {
    const db = await getDb();
    const to = "+31611112222";
    await sendSms(db, null, defaultSite, {
      kind: "direct_debit_code",
      to,
      text: "123456 is your code",
    });
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
    expect(row).toMatchObject({ from: "Amora", text: "123456 is your code", sentAt: null });
    const queued = await db.select().from(jobs).where(eq(jobs.name, smsDeliveryJob.name));
    expect(queued.filter((job) => job.payload.outboxId === row?.id)).toEqual([]);
  });

  it("delivers through Twilio's Messages API, once, and records a refusal for the retry", async () => {
    const sender = createTwilioSender({ accountSid: SID, authToken: TOKEN, apiUrl: twilio.url });
    const db = await getDb();
    const to = "+4915123450000";
    await sendSms(db, sender, defaultSite, {
      kind: "direct_debit_code",
      to,
      text: "654321 ist dein Code",
    });
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
    if (!row) throw new Error("no outbox row");
    const queued = await db.select().from(jobs).where(eq(jobs.name, smsDeliveryJob.name));
    expect(queued.some((job) => job.payload.outboxId === row.id)).toBe(true);

    twilio.failOnce();
    await expect(deliverOutboxSms(db, sender, row.id)).rejects.toThrow(/21211/);
    const [failed] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, row.id));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.error).toContain("The 'To' number is not valid");

    await deliverOutboxSms(db, sender, row.id);
    await deliverOutboxSms(db, sender, row.id);
    expect(twilio.received.filter((form) => form.To === to)).toEqual([
      { To: to, From: "Amora", Body: "654321 ist dein Code" },
    ]);
    const [sent] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, row.id));
    expect(sent).toMatchObject({ attempts: 2, error: null });
    expect(sent?.providerRef).toMatch(/^SM\d{32}$/);
    expect(sent?.sentAt).not.toBeNull();
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
