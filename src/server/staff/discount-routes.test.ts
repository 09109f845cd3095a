import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderAnswer } from "../../contract/payments";
import type { DiscountCodeAnswer, DiscountCodesAnswer } from "../../contract/staff-discounts";
import { memberCall, orderWithCode } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createSignedInStaff, staffActionsOf, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getTranslate } from "../lib/i18n";
import { syncOrder } from "../payments/crediting";
import { createSandboxProvider, setSandboxOutcome } from "../payments/sandbox";
import { orders } from "../payments/schema";
import { getReadyDb } from "../startup";

const app = createApp();
const HOUR = 60 * 60 * 1000;
const PATH = "/api/staff/discount-codes";
type Admin = Awaited<ReturnType<typeof createSignedInStaff>>;
type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

const newCode = () => `S${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;

let admin: Admin;
beforeAll(async () => {
  admin = await createSignedInStaff(app, "admin");
});

async function create(body: Record<string, unknown>, cookie = admin.cookie) {
  return staffCall(app, "POST", PATH, cookie, { value_percentage: 20, ...body });
}

async function created(body: Record<string, unknown>) {
  const answer = await create({ code: newCode(), ...body });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as DiscountCodeAnswer).code;
}

function order(member: Member, code: string, options: { method?: string; host?: string } = {}) {
  return orderWithCode(app, member.cookie, code, options);
}

async function paid(orderAnswer: Response) {
  expect(orderAnswer.status).toBe(201);
  const { order: placed } = (await orderAnswer.json()) as OrderAnswer;
  const db = await getReadyDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
  if (!row?.providerRef) throw new Error("no payment");
  await setSandboxOutcome(db, row.providerRef, "paid");
  await syncOrder(db, createSandboxProvider(db), row);
  return placed;
}

describe("who reaches the discount codes (issue 28 item 3)", () => {
  it("refuses the signed out and every role but admin", async () => {
    const member = await createLoggedInMember(app);
    for (const cookie of ["", member.cookie]) {
      const answer = await staffCall(app, "GET", PATH, cookie);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
    }
    for (const role of ["moderator", "support", "operator"] as const) {
      const staff = await createSignedInStaff(app, role);
      const calls = [
        staffCall(app, "GET", PATH, staff.cookie),
        create({ code: newCode() }, staff.cookie),
        staffCall(app, "POST", `${PATH}/NOPE/disable`, staff.cookie, { reason: "test" }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status, role).toBe(403);
        expect(await answer.json()).toMatchObject({ error: "forbidden" });
      }
      expect(await staffActionsOf(staff)).toEqual([]);
    }
    expect((await staffCall(app, "GET", PATH, admin.cookie)).status).toBe(200);
  });
});

describe("making a code", () => {
  it("answers 422 with the field for each invalid value, translated", async () => {
    const t = getTranslate("en");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: "ab" }, "code", t("staff.console.discounts.error.codeFormat")],
      [{ code: "SUMMER-20" }, "code", t("staff.console.discounts.error.codeFormat")],
      [{ value_percentage: 0 }, "value_percentage", t("validation.tooSmall", { min: 1 })],
      [{ value_percentage: 91 }, "value_percentage", t("validation.tooBig", { max: 90 })],
      [{ currency: "USD" }, "currency", t("validation.invalidOption")],
      [{ payment_methods: ["bitcoin"] }, "payment_methods.0", t("validation.invalidOption")],
      [
        { minimum_order_value: 1000 },
        "currency",
        t("staff.console.discounts.error.minimumNeedsCurrency"),
      ],
      [
        {
          starts_at: new Date(Date.now() + 2 * HOUR).toISOString(),
          expires_at: new Date(Date.now() + HOUR).toISOString(),
        },
        "expires_at",
        t("staff.console.discounts.error.expiresBeforeStart"),
      ],
      [{ site: "nosuchsite" }, "site", t("validation.invalidOption")],
      [
        { site: "herzklopfen", country: "se" },
        "country",
        t("staff.console.discounts.error.countryNotServed"),
      ],
      [{ user_id: 2_000_000_000 }, "user_id", t("staff.console.discounts.error.noMember")],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create({ code: newCode(), ...body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const { fields } = (await answer.json()) as { fields: Record<string, string> };
      expect(fields[field], JSON.stringify(body)).toBe(message);
    }
  });

  it("refuses a code that exists (any case, or a built-in one) with 409 discount_code_exists", async () => {
    const code = newCode();
    await created({ code });
    for (const again of [code, code.toLowerCase(), "TIMEBONUS25", "welcome25"]) {
      const answer = await create({ code: again });
      expect(answer.status, again).toBe(409);
      expect(await answer.json()).toEqual({
        error: "discount_code_exists",
        message: getTranslate("en")("staff.console.discounts.error.exists"),
      });
    }
  });

  it("records the code and its disabling in the audit log, before and after", async () => {
    const code = await created({ site: "amora", currency: "EUR", minimum_order_value: 1000 });
    expect(code).toMatchObject({ site: "amora", state: "active", usage: { orders: 0 } });
    const disable = (body: unknown) =>
      staffCall(app, "POST", `${PATH}/${code.code}/disable`, admin.cookie, body);
    expect((await disable({ reason: "" })).status).toBe(422);
    const answer = await disable({ reason: "Leaked on a coupon site" });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as DiscountCodeAnswer).code.state).toBe("disabled");
    expect((await disable({ reason: "again" })).status).toBe(409);
    expect(
      (
        await staffCall(app, "POST", `${PATH}/NOSUCH1/disable`, admin.cookie, {
          reason: "x",
        })
      ).status,
    ).toBe(404);
    const rows = (await staffActionsOf(admin)).filter((row) => row.targetId === code.code);
    expect(rows.map((row) => [row.action, row.targetType, row.reason])).toEqual([
      ["discount.create", "discount_code", null],
      ["discount.disable", "discount_code", "Leaked on a coupon site"],
    ]);
    expect(rows[0]?.after).toMatchObject({ code: code.code, site: "amora", status: "active" });
    expect(rows[1]?.before).toMatchObject({ status: "active" });
    expect(rows[1]?.after).toMatchObject({ status: "disabled", minimum_order_value: 1000 });
  });

  it("applies an Idempotency-Key once", async () => {
    const code = newCode();
    const key = `${randomUUID()}-${code}`;
    const keyed = () =>
      app.request(PATH, {
        method: "POST",
        headers: {
          cookie: admin.cookie,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({ code, value_percentage: 15 }),
      });
    const first = await keyed();
    const second = await keyed();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    // Without the key, the same code again is a duplicate.
    expect((await create({ code })).status).toBe(409);
  });
});

describe("a code made here, at checkout (spec §3)", () => {
  it("holds to every rule it was made with", async () => {
    const member = await createLoggedInMember(app, { language: "en", profile: { country: "nl" } });
    const other = await createLoggedInMember(app, { profile: { country: "nl" } });
    const later = new Date(Date.now() + HOUR).toISOString();
    const refusals: [Record<string, unknown>, { method?: string; host?: string }?][] = [
      [{ site: "herzklopfen" }],
      [{ site: "amora" }, { host: "127.0.0.1" }],
      [{ country: "de" }],
      [{ currency: "SEK" }],
      [{ currency: "EUR", minimum_order_value: 2000 }],
      [{ payment_methods: ["paypal"] }],
      [{ starts_at: later }],
      [{ user_id: other.user.id }],
    ];
    for (const [body, how] of refusals) {
      const code = await created(body);
      expect((await order(member, code.code, how)).status, JSON.stringify(body)).toBe(422);
    }
    const fitting = await created({
      site: "amora",
      country: "nl",
      currency: "EUR",
      minimum_order_value: 1999,
      payment_methods: ["ideal", "paypal"],
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      expires_at: later,
      user_id: member.user.id,
      value_percentage: 20,
    });
    const placed = await paid(await order(member, fitting.code));
    expect(placed.amount).toBe(1599);
    // Used once per member.
    expect((await order(member, fitting.code)).status).toBe(422);

    // Its usage: one paid order, its revenue in euros; on amora, none on herzklopfen.
    const list = async (query: string) => {
      const answer = await staffCall(app, "GET", `${PATH}?${query}`, admin.cookie);
      expect(answer.status).toBe(200);
      return (await answer.json()) as DiscountCodesAnswer;
    };
    const onAmora = await list("site=amora");
    expect(onAmora.codes.find((code) => code.code === fitting.code)?.usage).toEqual({
      orders: 1,
      revenue: [{ currency: "EUR", amount: 1599 }],
    });
    expect((await list("site=herzklopfen")).codes.some((c) => c.code === fitting.code)).toBe(false);
    expect(onAmora.builtin.map((entry) => entry.code)).toEqual(["TIMEBONUS25", "WELCOME25"]);

    // Disabled, it is 'Code not found' for a member who has not used it.
    const paidOnce = await memberCall(
      app,
      "GET",
      `/api/discountcode.php?code=${fitting.code}`,
      member.cookie,
    );
    expect(paidOnce.status).toBe(409);
    const open = await created({ value_percentage: 10 });
    await staffCall(app, "POST", `${PATH}/${open.code}/disable`, admin.cookie, { reason: "end" });
    expect((await order(member, open.code)).status).toBe(422);
  });

  it("lists by state and pages by cursor without repeating a code", async () => {
    const soon = new Date(Date.now() + HOUR).toISOString();
    const scheduled = await created({
      starts_at: soon,
      expires_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const answer = await staffCall(app, "GET", `${PATH}?status=scheduled`, admin.cookie);
    const page = (await answer.json()) as DiscountCodesAnswer;
    expect(page.codes.map((code) => code.code)).toContain(scheduled.code);
    expect(page.codes.every((code) => code.state === "scheduled")).toBe(true);

    for (let index = 0; index < 3; index += 1) await created({});
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : "limit=2";
      const next = (await (
        await staffCall(app, "GET", `${PATH}?${query}`, admin.cookie)
      ).json()) as DiscountCodesAnswer;
      seen.push(...next.codes.map((code) => code.code));
      cursor = next.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect((await staffCall(app, "GET", `${PATH}?cursor=abc`, admin.cookie)).status).toBe(422);
  });
});
