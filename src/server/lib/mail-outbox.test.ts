import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { getDb } from "../db/client";
import { jobs } from "../jobs/schema";
import { defaultSite } from "../sites/registry";
import { sendMail } from "./mail";

describe("e-mail without SMTP_URL (development and the demo)", () => {
  it("stays in the outbox, with no delivery job", async () => {
    const db = await getDb();
    const to = uniqueEmail("no-smtp");
    await sendMail(db, defaultSite, { kind: "test", to, subject: "Hi", text: "Hi", html: "" });
    const [mail] = await findMailsTo(to);
    expect(mail).toMatchObject({ subject: "Hi", sentAt: null, attempts: 0 });
    const delivery = await db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `mail.deliver:${mail?.id}`));
    expect(delivery).toEqual([]);
  });
});
