import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderAnswer } from "../../contract/payments";
import type { PublicSettings } from "../../contract/sites";
import type { SiteSettingsAnswer } from "../../contract/staff-settings";
import { memberCall } from "../../test/api";
import { chatCalls, premium } from "../../test/chat";
import { createLoggedInMember } from "../../test/members";
import { createSignedInStaff, staffActionsOf, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { syncOrder } from "../payments/crediting";
import { createSandboxProvider, setSandboxOutcome } from "../payments/sandbox";
import { orders } from "../payments/schema";
import { getCompany, getSiteByHost, getSiteById, PRICE_LIST } from "../sites/registry";
import { getReadyDb } from "../startup";

const app = createApp();
const { call, open } = chatCalls(app);
const PATH = "/api/staff/sites/amora/settings";
type Admin = Awaited<ReturnType<typeof createSignedInStaff>>;

let admin: Admin;
beforeAll(async () => {
  admin = await createSignedInStaff(app, "admin");
});

async function put(body: unknown, path = PATH) {
  return staffCall(app, "PUT", path, admin.cookie, body);
}

async function changed(body: unknown, path = PATH): Promise<SiteSettingsAnswer> {
  const answer = await put(body, path);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as SiteSettingsAnswer;
}

async function publicSettings(host?: string): Promise<PublicSettings> {
  const answer = await app.request("/api/settings.php", host ? { headers: { host } } : {});
  return (await answer.json()) as PublicSettings;
}

// Each test starts from the defaults: every override ends when its default is sent again.
afterEach(async () => {
  for (const site of ["amora", "herzklopfen"]) {
    const path = `/api/staff/sites/${site}/settings`;
    const { defaults } = (await (
      await staffCall(app, "GET", path, admin.cookie)
    ).json()) as SiteSettingsAnswer;
    await changed(defaults, path);
  }
});

describe("who reaches a site's settings (issue 28 item 2)", () => {
  it("refuses the signed out and every role but admin", async () => {
    const member = await createLoggedInMember(app);
    for (const cookie of ["", member.cookie]) {
      const answer = await staffCall(app, "GET", PATH, cookie);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
    }
    for (const role of ["moderator", "support", "operator", "editor"] as const) {
      const staff = await createSignedInStaff(app, role);
      const calls = [
        staffCall(app, "GET", PATH, staff.cookie),
        staffCall(app, "PUT", PATH, staff.cookie, { message_credits: 1 }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status, role).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "forbidden" });
      }
      expect(await staffActionsOf(staff)).toEqual([]);
    }
    expect((await publicSettings()).message_credits).toBe(10);
  });

  it("answers 404 for a site there is not", async () => {
    expect(
      (await staffCall(app, "GET", "/api/staff/sites/nowhere/settings", admin.cookie)).status,
    ).toBe(404);
  });
});

describe("changing a site's settings", () => {
  it("answers the defaults, the overrides and what is in force", async () => {
    const answer = (await (
      await staffCall(app, "GET", PATH, admin.cookie)
    ).json()) as SiteSettingsAnswer;
    expect(answer).toMatchObject({ site: "amora", overrides: {}, version: expect.any(Number) });
    expect(answer.settings).toEqual(answer.defaults);
    expect(answer.defaults).toMatchObject({ message_credits: 10, refund_days: 14 });
    expect(answer.defaults.packages).toHaveLength(PRICE_LIST.length);
  });

  it("answers 422 with the field for each invalid value, translated", async () => {
    const prices = { ...(PRICE_LIST[0]?.prices ?? {}) } as Record<string, number>;
    const { PLN: _dropped, ...noZloty } = prices;
    const cases: [unknown, string][] = [
      [{ message_credits: -1 }, "message_credits"],
      [{ message_length: 0 }, "message_length"],
      [{ photo_credits: 1.5 }, "photo_credits"],
      [{ signups: "nobody" }, "signups"],
      [{ support_email: "not an address" }, "support_email"],
      [
        { minimum_message_costs: { de: { costs: 29, currency: "XYZ" } } },
        "minimum_message_costs.de.currency",
      ],
      [
        { packages: [{ id: 1, credits: 100, prices: noZloty, popular: false }] },
        "packages.0.prices.PLN",
      ],
      [{ packages: [] }, "packages"],
      [{ refund_days: 400 }, "refund_days"],
      [{ unknown_setting: true }, "_"],
    ];
    for (const [body, field] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const { error, fields } = (await answer.json()) as {
        error: string;
        fields: Record<string, string>;
      };
      expect(error).toBe("validation");
      expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
    }
    const twice = await put({
      packages: [PRICE_LIST[0], { ...PRICE_LIST[1], id: PRICE_LIST[0]?.id }],
    });
    expect((await twice.json()).fields).toEqual({
      "packages.1.id": "Another package has this number already.",
    });
    expect(await staffActionsOf(admin)).toEqual([]);
  });

  it("applies a change at once, audits it with before and after, and keeps the other site", async () => {
    const answer = await changed({ message_credits: 12, refund_days: 30, message_length: 500 });
    expect(answer.overrides).toEqual({ message_credits: 12, refund_days: 30, message_length: 500 });
    expect(answer.settings).toMatchObject({
      message_credits: 12,
      refund_days: 30,
      photo_credits: 5,
    });
    expect(await publicSettings()).toMatchObject({
      message_credits: 12,
      refund_days: 30,
      message_length: 500,
    });
    expect((await publicSettings("127.0.0.1")).message_credits).toBe(10);

    const [row] = (await staffActionsOf(admin)).slice(-1);
    expect(row).toMatchObject({
      action: "settings.update",
      targetType: "setting",
      targetId: "amora",
      before: { message_credits: 10, refund_days: 14, message_length: 2000 },
      after: { message_credits: 12, refund_days: 30, message_length: 500 },
    });
    // The same values again change nothing and write no audit row.
    const rows = (await staffActionsOf(admin)).length;
    await changed({ message_credits: 12 });
    expect(await staffActionsOf(admin)).toHaveLength(rows);
  });

  it("gives every reader of the site the change: the registry's lookups and the company info", async () => {
    const { defaults } = (await (
      await staffCall(app, "GET", PATH, admin.cookie)
    ).json()) as SiteSettingsAnswer;
    const company = {
      ...defaults.company,
      name: "Amora Dating B.V.",
      support_phone: "+31 20 999 00 00",
    };
    await changed({ company, support_email: "help@amora.example", signups: "other" });
    const site = getSiteById("amora");
    expect(site).toMatchObject({ supportEmail: "help@amora.example", signups: "other" });
    expect(getCompany(site).name).toBe("Amora Dating B.V.");
    expect(getSiteByHost("localhost")).toBe(site);
    const info = await (await app.request("/api/companyinfo.php")).json();
    expect(info).toMatchObject({ name: "Amora Dating B.V.", support_phone: "+31209990000" });
    expect(getCompany(getSiteById("herzklopfen")).name).toBe("Amora Media B.V.");
  });

  it("applies two changes made at once, the second on the first", async () => {
    const answers = await Promise.all([put({ photo_credits: 6 }), put({ gift_credits: 26 })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { overrides } = (await (
      await staffCall(app, "GET", PATH, admin.cookie)
    ).json()) as SiteSettingsAnswer;
    expect(overrides).toEqual({ photo_credits: 6, gift_credits: 26 });
  });

  it("honours an Idempotency-Key as other staff writes do", async () => {
    const keyed = () =>
      app.request(PATH, {
        method: "PUT",
        headers: {
          cookie: admin.cookie,
          "content-type": "application/json",
          "idempotency-key": "site-settings-put-0001",
        },
        body: JSON.stringify({ gift_credits: 30 }),
      });
    const before = (await staffActionsOf(admin)).length;
    expect((await keyed()).status).toBe(200);
    expect((await keyed()).status).toBe(200);
    expect(await staffActionsOf(admin)).toHaveLength(before + 1);
  });

  it("shows the chat's message cost and charges it after a change", async () => {
    const payer = await createLoggedInMember(app, premium);
    const other = await createLoggedInMember(app);
    const conversation = await open(payer, other);
    const terms = async () =>
      (
        await (
          await call("GET", `/api/messages.php?conversation=${conversation}`, payer.cookie)
        ).json()
      ).terms;
    expect((await terms()).message_credits).toBe(10);
    await changed({ message_credits: 7 });
    expect((await terms()).message_credits).toBe(7);
    const sent = await call("POST", "/api/message.php", payer.cookie, { conversation, text: "Hi" });
    expect((await sent.json()).credits).toBe(93);
  });

  it("keeps an open order at the price and credits it was placed at", async () => {
    const member = await createLoggedInMember(app);
    const db = await getReadyDb();
    const placed = await memberCall(app, "POST", "/api/order.php", member.cookie, {
      package_id: 2,
      method: "ideal",
      immediate_performance: true,
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as OrderAnswer;
    const packages = PRICE_LIST.map((entry) =>
      entry.id === 2 ? { ...entry, credits: 999, prices: { ...entry.prices, EUR: 9999 } } : entry,
    );
    await changed({ packages });
    const offer = await (await memberCall(app, "GET", "/api/packages.php", member.cookie)).json();
    expect(offer.packages.find((entry: { id: number }) => entry.id === 2)).toMatchObject({
      amount: 9999,
      credits: 999,
    });

    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (!row?.providerRef) throw new Error("no payment");
    await setSandboxOutcome(db, row.providerRef, "paid");
    await syncOrder(db, createSandboxProvider(db), row);
    const [done] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(done).toMatchObject({
      state: "completed",
      amount: order.amount,
      credits: order.credits,
    });
    expect(order).toMatchObject({ amount: 1999, credits: 300 });
  });
});
