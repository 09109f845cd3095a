import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestMember } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { MAIL_TEMPLATES } from "../lib/mail-templates";
import { defaultSite } from "../sites/registry";
import { type User, users } from "../users/schema";
import { sendNotificationMail } from "./notification-mail";

const app = createApp();

async function notifyLike(user: User) {
  return sendNotificationMail(await getDb(), defaultSite, user, {
    category: "like",
    template: MAIL_TEMPLATES.like,
    url: "http://localhost:4321/likes",
    origin: "http://localhost:4321",
    params: { name: "Mia" },
  });
}

async function reload(user: User): Promise<User> {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
  return row as User;
}

describe("notification e-mails", () => {
  it("carry a one-click List-Unsubscribe that really unsubscribes (RFC 8058)", async () => {
    const { user } = await createTestMember(await getDb(), { language: "de" });
    expect(await notifyLike(user)).toBe(true);
    const [mail] = await findMailsTo(user.email);
    expect(mail?.subject).toBe("Mia mag dich auf Amora");
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = new URL(/<([^>]+)>/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "");

    // A mail scanner following the link (GET) changes nothing.
    await app.request(url.pathname + url.search);
    expect((await reload(user)).emailDisabledReason).toBeNull();

    const response = await app.request(url.pathname + url.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    const unsubscribed = await reload(user);
    expect(unsubscribed.emailDisabledReason).toBe("listunsubscribe");
    expect(await notifyLike(unsubscribed)).toBe(false);
    expect(await findMailsTo(user.email)).toHaveLength(1);
  });

  it("are not sent for a category the member switched off", async () => {
    const { user } = await createTestMember(await getDb());
    const db = await getDb();
    await db
      .update(users)
      .set({ notificationsDisabled: ["like"] })
      .where(eq(users.id, user.id));
    expect(await notifyLike(await reload(user))).toBe(false);
    expect(await findMailsTo(user.email)).toEqual([]);
  });

  it("refuse an unknown unsubscribe token", async () => {
    const response = await app.request("/api/unsubscribe.php?token=not-a-real-token", {
      method: "POST",
    });
    expect(response.status).toBe(404);
  });
});
