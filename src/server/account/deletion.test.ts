import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { directDebitMandate } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { findLink, findMailsTo } from "../../test/outbox";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { mailOutbox } from "../lib/mail-schema";
import { rateLimits } from "../lib/rate-limit-schema";
import { smsOutbox } from "../lib/sms-schema";
import { getStorage } from "../lib/storage";
import { directDebitMandates } from "../payments/schema";
import { users } from "../users/schema";
import { eraseExpiredAccounts } from "./deletion";

const app = createApp();
const password = "member password";

function post(path: string, body: unknown, cookie = "") {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
}

async function listed(profileId: number) {
  const page = (await (await app.request("/api/search.php?country=es")).json()) as MemberSearchPage;
  return page.profiles.some((card) => card.id === profileId);
}

async function deletedMember() {
  const member = await createLoggedInMember(app, {
    password,
    profile: { country: "es", lastActiveAt: new Date() },
    photoCount: 1,
  });
  expect(await listed(member.profile.id)).toBe(true);
  const response = await post("/api/account-delete.php", { password }, member.cookie);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: "pending_deletion", days: 14 });
  return member;
}

describe("deleting an account (spec §1, §4)", () => {
  it("needs the password", async () => {
    const { cookie } = await createLoggedInMember(app, { password });
    const response = await post("/api/account-delete.php", { password: "wrong" }, cookie);
    expect(response.status).toBe(422);
  });

  it("hides the profile at once, ends the sessions and mails a reactivation link", async () => {
    const member = await deletedMember();
    expect(await listed(member.profile.id)).toBe(false);
    expect((await app.request(`/api/profile.php?id=${member.profile.id}`)).status).toBe(404);
    expect(
      (await app.request("/api/user.php", { headers: { cookie: member.cookie } })).status,
    ).toBe(403);
    const [mail] = await findMailsTo(member.email);
    expect(mail?.kind).toBe("reactivation");
    expect(mail?.text).toContain("14");
  });

  it("answers a login during the 14 days with 'pending deletion', and reactivates on request", async () => {
    const member = await deletedMember();
    const login = await post("/api/user.php", { email: member.email, password });
    expect(login.status).toBe(409);
    expect(await login.json()).toEqual({
      error: "pending_deletion",
      message: "Your account is pending deletion. You can still reactivate it.",
    });
    expect(
      (await post("/api/reactivate.php", { email: member.email, password: "wrong" })).status,
    ).toBe(401);
    const reactivate = await post("/api/reactivate.php", { email: member.email, password });
    expect(reactivate.status).toBe(200);
    expect(await listed(member.profile.id)).toBe(true);
    expect((await post("/api/user.php", { email: member.email, password })).status).toBe(200);
  });

  it("reactivates through the e-mailed link, once", async () => {
    const member = await deletedMember();
    const [mail] = await findMailsTo(member.email);
    const link = new URL(findLink(mail as NonNullable<typeof mail>, "/api/reactivate.php?token="));
    const response = await app.request(link.pathname + link.search);
    expect(response.headers.get("location")).toBe("/members");
    expect(await listed(member.profile.id)).toBe(true);
    const again = await app.request(link.pathname + link.search);
    expect(again.headers.get("location")).toBe("/login");
  });

  it("erases the personal data after 14 days and keeps an anonymous row", async () => {
    const member = await deletedMember();
    const db = await getDb();
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.user.id));
    expect(await eraseExpiredAccounts(db)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({
      email: `deleted-${member.user.id}@deleted.invalid`,
      passwordHash: null,
      tracking: null,
    });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    // The photo files go too, every rendition and the blurred stand-in.
    const photo = member.photos[0];
    for (const file of [
      `${photo?.storageKey}-main.webp`,
      `${photo?.storageKey}-large.webp`,
      `${photo?.blurKey}.webp`,
    ]) {
      expect(await getStorage().get(file), file).toBeNull();
    }
    expect((await app.request(`/api/profile.php?id=${member.profile.id}`)).status).toBe(404);
    expect((await post("/api/reactivate.php", { email: member.email, password })).status).toBe(401);
  });

  it("leaves no e-mail to the erased address and no rate-limit counter named after it", async () => {
    const member = await deletedMember();
    // Mail kept for the member (the deletion mail, a reset) and counters keyed by the address
    // (a wrong password, reset requests), the way a member's last days leave them.
    await post("/api/password-reset.php", { email: member.email.toUpperCase() });
    await post("/api/user.php", { email: member.email, password: "not the password" });
    const db = await getDb();
    const keysOf = () =>
      db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(sql`lower(${rateLimits.key})`, `%${member.email.toLowerCase()}%`));
    expect(await findMailsTo(member.email)).not.toEqual([]);
    expect(await keysOf()).not.toEqual([]);
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.user.id));
    await eraseExpiredAccounts(db);
    const outbox = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.to})`, member.email.toLowerCase()));
    expect(outbox).toEqual([]);
    expect(await keysOf()).toEqual([]);
  });

  it("erases the member's direct-debit mandates and the texts sent to their phone", async () => {
    const member = await createLoggedInMember(app, { password, profile: { country: "es" } });
    const phone = "+34612345678";
    const asked = await post(
      "/api/directdebit.php",
      directDebitMandate({
        package_id: 1,
        holder: "Lucía García",
        iban: "ES91 2100 0418 4502 0005 1332",
        street: "Calle Mayor",
        house_number: "5",
        zip: "28013",
        city: "Madrid",
        phone,
      }),
      member.cookie,
    );
    expect(asked.status).toBe(201);
    const db = await getDb();
    const mandatesOf = () =>
      db.select().from(directDebitMandates).where(eq(directDebitMandates.userId, member.user.id));
    const textsTo = () => db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(await mandatesOf()).toHaveLength(1);
    expect(await textsTo()).not.toEqual([]);
    expect((await post("/api/account-delete.php", { password }, member.cookie)).status).toBe(200);
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.user.id));
    await eraseExpiredAccounts(db);
    expect(await mandatesOf()).toEqual([]);
    expect(await textsTo()).toEqual([]);
  });

  it("does not erase within the 14 days", async () => {
    const member = await deletedMember();
    await eraseExpiredAccounts(await getDb());
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, member.user.id));
    expect(row?.email).toBe(member.email);
  });
});

/**
 * Makes every `delete` on `table` fail, as a lost connection or a full disk would midway through
 * a deletion, until the returned function is called.
 */
async function failDeletesOn(table: string): Promise<() => Promise<void>> {
  const db = await getDb();
  await db.execute(
    sql.raw(`
    create or replace function fail_midway() returns trigger language plpgsql
      as $$ begin raise exception 'failure midway'; end $$;
    create trigger fail_midway before delete on ${table}
      for each statement execute function fail_midway();`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger fail_midway on ${table}; drop function fail_midway();`));
  };
}

describe("a deletion that fails midway (one transaction)", () => {
  it("leaves the account as it was when deleting it fails", async () => {
    const member = await createLoggedInMember(app, {
      password,
      profile: { country: "es", lastActiveAt: new Date() },
    });
    // The browsers' push subscriptions go after the account, profile and sessions changed.
    const restore = await failDeletesOn("push_subscriptions");
    try {
      const response = await post("/api/account-delete.php", { password }, member.cookie);
      expect(response.status).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, member.user.id));
    expect(row?.deletionRequestedAt).toBeNull();
    expect(await listed(member.profile.id)).toBe(true);
    expect(
      (await app.request("/api/user.php", { headers: { cookie: member.cookie } })).status,
    ).toBe(200);
    expect(await findMailsTo(member.email)).toEqual([]);
  });

  it("erases nothing of an account when erasing it fails, and erases it on the next run", async () => {
    const member = await deletedMember();
    const db = await getDb();
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.user.id));
    // The rate-limit counters are the erasure's last step.
    const restore = await failDeletesOn("rate_limits");
    try {
      await expect(eraseExpiredAccounts(db)).rejects.toThrow();
    } finally {
      await restore();
    }
    const userRow = async () =>
      (await db.select().from(users).where(eq(users.id, member.user.id)))[0];
    expect(await userRow()).toMatchObject({ email: member.email, erasedAt: null });
    expect(await findMailsTo(member.email)).not.toEqual([]);
    expect(await getStorage().get(`${member.photos[0]?.storageKey}-main.webp`)).not.toBeNull();
    await eraseExpiredAccounts(db);
    expect((await userRow())?.erasedAt).toBeInstanceOf(Date);
  });
});
