import { and, between, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { StaffMetricsAnswer } from "../../contract/staff-metrics";
import { chatCalls } from "../../test/chat";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { messages } from "../chat/schema";
import { getTranslate } from "../lib/i18n";
import { getReadyDb } from "../startup";
import { addDays, utcDay } from "./rollup";
import { metricRollups } from "./schema";

const app = createApp();
const FROM = "2018-02-26";
const TO = "2018-03-02";
const PATH = `/api/staff/metrics?site=amora&from=${FROM}&to=${TO}`;
let admin: Awaited<ReturnType<typeof createSignedInStaff>>;

beforeAll(async () => {
  admin = await createSignedInStaff(app, "admin");
  const db = await getReadyDb();
  await db
    .delete(metricRollups)
    .where(and(eq(metricRollups.siteId, "amora"), between(metricRollups.day, FROM, TO)));
  const row = (day: string, metric: string, value: number, currency = "") => ({
    siteId: "amora",
    day,
    metric: metric as never,
    currency,
    value,
  });
  await db.insert(metricRollups).values([
    row("2018-02-26", "signups", 4),
    row("2018-02-28", "signups", 6),
    row("2018-02-28", "active_members", 10),
    row("2018-02-28", "messages_members", 30),
    row("2018-02-28", "messages_profiles", 12),
    row("2018-03-01", "first_payments", 1),
    row("2018-03-01", "likes", 7),
    row("2018-03-01", "matches", 2),
    row("2018-03-01", "open_reports", 3),
    row("2018-02-27", "inbox_first_response", 90),
    row("2018-03-02", "inbox_first_response", 0),
    row("2018-02-27", "revenue", 1999, "EUR"),
    row("2018-03-02", "revenue", -500, "EUR"),
    row("2018-03-02", "revenue", 2500, "PLN"),
    // Another site's figures are not this one's.
    { ...row("2018-02-28", "signups", 99), siteId: "herzklopfen" },
  ]);
});

describe("who reads the numbers at a glance (issue 28 item 4)", () => {
  it("refuses the signed out, a member, and the roles without metrics.read", async () => {
    const member = await createLoggedInMember(app);
    for (const cookie of ["", member.cookie]) {
      const answer = await staffCall(app, "GET", PATH, cookie);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: "staff_authentication_required" });
    }
    for (const role of ["moderator", "support", "operator", "editor"] as const) {
      const staff = await createSignedInStaff(app, role);
      const answer = await staffCall(app, "GET", PATH, staff.cookie);
      expect(answer.status, role).toBe(403);
      expect(await answer.json()).toMatchObject({ error: "forbidden" });
    }
  });
});

describe("GET /api/staff/metrics", () => {
  it("answers 422 with the field for a bad site or period, translated", async () => {
    const t = getTranslate("en");
    const cases: [string, string, string][] = [
      ["site=nowhere", "site", t("validation.invalidOption")],
      ["site=amora&from=2018-02-30&to=2018-03-02", "from", t("validation.invalid")],
      ["site=amora&from=yesterday", "from", t("validation.invalid")],
      ["site=amora&from=2018-03-02&to=2018-03-01", "to", t("staff.console.metrics.toBeforeFrom")],
      ["site=amora&from=2018-01-01&to=2019-01-02", "to", t("staff.console.metrics.tooLong")],
    ];
    for (const [query, field, message] of cases) {
      const answer = await staffCall(app, "GET", `/api/staff/metrics?${query}`, admin.cookie);
      expect(answer.status, query).toBe(422);
      expect(await answer.json(), query).toMatchObject({
        error: "validation",
        fields: { [field]: message },
      });
    }
    const year = await staffCall(
      app,
      "GET",
      "/api/staff/metrics?site=amora&from=2018-01-01&to=2019-01-01",
      admin.cookie,
    );
    expect(year.status).toBe(200);
    expect(((await year.json()) as StaffMetricsAnswer).days).toHaveLength(366);
  });

  it("answers a series a day and the period's totals, from the rollup", async () => {
    const answer = await staffCall(app, "GET", PATH, admin.cookie);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as StaffMetricsAnswer;
    expect(body).toMatchObject({
      site: "amora",
      from: FROM,
      to: TO,
      days: ["2018-02-26", "2018-02-27", "2018-02-28", "2018-03-01", "2018-03-02"],
      series: {
        signups: [4, 0, 6, 0, 0],
        active_members: [0, 0, 10, 0, 0],
        messages_members: [0, 0, 30, 0, 0],
        messages_profiles: [0, 0, 12, 0, 0],
        likes: [0, 0, 0, 7, 0],
        matches: [0, 0, 0, 2, 0],
        first_payments: [0, 0, 0, 1, 0],
        open_reports: [null, null, null, 3, null],
        inbox_first_response: [null, 90, null, null, 0],
      },
      revenue: [
        { currency: "EUR", days: [0, 1999, 0, 0, -500], total: 1499 },
        { currency: "PLN", days: [0, 0, 0, 0, 2500], total: 2500 },
      ],
      totals: { signups: 10, active_members: 2, messages_members: 30, first_payments: 1 },
      conversion: 0.1,
      inbox_waiting_seconds: null,
    });
    expect(body.open_reports_now).toBeGreaterThanOrEqual(0);
  });

  it("shows the last 30 UTC days when no period is asked for", async () => {
    const answer = await staffCall(app, "GET", "/api/staff/metrics?site=herzklopfen", admin.cookie);
    const body = (await answer.json()) as StaffMetricsAnswer;
    const today = utcDay(new Date());
    expect(body).toMatchObject({ site: "herzklopfen", from: addDays(today, -29), to: today });
    expect(body.days).toHaveLength(30);
  });

  it("says how long the members waiting in the inbox now have waited", async () => {
    const db = await getReadyDb();
    const { open, send } = chatCalls(app);
    const waitFor = async (minutes: number) => {
      const operated = await createTestMember(db, { profile: { fictional: true } });
      const member = await createLoggedInMember(app, { paidUser: true, credits: 100 });
      const conversation = await open(member, { ...operated, email: "", cookie: "" });
      expect((await send(member, conversation, "Hello, are you there?")).status).toBe(200);
      await db
        .update(messages)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(messages.conversationId, conversation));
    };
    await waitFor(4);
    await waitFor(10);
    await waitFor(30);
    const answer = await staffCall(app, "GET", PATH, admin.cookie);
    const body = (await answer.json()) as StaffMetricsAnswer;
    // The median of 4, 10 and 30 minutes; the request itself takes a moment.
    expect(body.inbox_waiting_seconds).toBeGreaterThanOrEqual(600);
    expect(body.inbox_waiting_seconds).toBeLessThan(630);
  });
});
