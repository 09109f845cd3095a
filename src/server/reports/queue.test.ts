import { readdirSync, readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REPORT_REASONS } from "../../contract/report-options";
import { chatCalls } from "../../test/chat";
import { makePhoneJpeg } from "../../test/images";
import { createLoggedInMember } from "../../test/members";
import { auditRowsBy, reportThrough, wholeQueue } from "../../test/reports";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getReadyDb } from "../startup";
import { severityRank } from "./cases";
import { MESSAGES_PER_CONVERSATION } from "./queue";
import { reportCases, reports } from "./schema";

const app = createApp();
/** Members who write a lot: paid, with credits for every message. */
const premium = { paidUser: true, credits: 1000 };
const { open, send, sendImage } = chatCalls(app);

describe("report cases (issue 27 item 3)", () => {
  it("groups two reporters' reports into one case, and opens a new one after resolution", async () => {
    const [ann, ben, cat, dan] = await Promise.all(
      [0, 1, 2, 3].map(() => createLoggedInMember(app, premium)),
    );
    if (!ann || !ben || !cat || !dan) throw new Error("no members");
    const first = await reportThrough(app, ann, dan, "spam");
    const second = await reportThrough(app, ben, dan, "scam", { note: "Wants gift cards" });
    expect(second).toBe(first);
    const db = await getReadyDb();
    const [stored] = await db.select().from(reportCases).where(eq(reportCases.id, first));
    // The case takes the highest severity of its reports (scam: high), rank 3.
    expect(stored).toMatchObject({ status: "open", severity: 3, reportedUserId: dan.user.id });

    const moderator = await createSignedInStaff(app, "moderator");
    const { cases } = await wholeQueue(app, moderator.cookie);
    const listed = cases.find((found) => found.id === first);
    expect(listed?.severity).toBe("high");
    expect(listed?.report_count).toBe(2);
    expect(listed?.reports.map((report) => report.reporter.user_id)).toEqual([
      ben.user.id,
      ann.user.id,
    ]);
    expect(listed?.reports[0]?.note).toBe("Wants gift cards");

    const base = `/api/staff/reports/${first}`;
    expect((await staffCall(app, "POST", `${base}/claim`, moderator.cookie)).status).toBe(200);
    const resolved = await staffCall(app, "POST", `${base}/resolve`, moderator.cookie, {
      action: "dismiss",
      reason: "Advertising, but within the rules.",
    });
    expect(resolved.status).toBe(200);
    const third = await reportThrough(app, cat, dan, "other");
    expect(third).not.toBe(first);
    const again = (await wholeQueue(app, moderator.cookie)).cases;
    expect(again.some((found) => found.id === first)).toBe(false);
    const fresh = again.find((found) => found.id === third);
    expect(fresh?.severity).toBe("low");
    // The earlier case shows in the member's history, with what was done.
    expect(fresh?.member.earlier_cases).toEqual([
      expect.objectContaining({
        id: first,
        action: "dismiss",
        reason: "Advertising, but within the rules.",
      }),
    ]);
  });

  it("joins reports made at the same moment into one case", async () => {
    const target = await createLoggedInMember(app);
    const reporters = await Promise.all([0, 1, 2, 3, 4].map(() => createLoggedInMember(app)));
    const caseIds = await Promise.all(
      reporters.map((reporter) => reportThrough(app, reporter, target, "spam")),
    );
    expect(new Set(caseIds).size).toBe(1);
  });

  it("lists by severity, then newest, and pages without losing or repeating a case", async () => {
    const reporter = await createLoggedInMember(app);
    const reasons = ["other", "underage", "fake_profile", "spam", "harassment"] as const;
    const ids: number[] = [];
    for (const reason of reasons) {
      ids.push(await reportThrough(app, reporter, await createLoggedInMember(app), reason));
    }
    const admin = await createSignedInStaff(app, "admin");
    const all = (await wholeQueue(app, admin.cookie)).cases;
    const paged = await wholeQueue(app, admin.cookie, { limit: 2 });
    expect(paged.pages).toBeGreaterThan(2);
    expect(paged.cases.map((found) => found.id)).toEqual(all.map((found) => found.id));
    expect(new Set(all.map((found) => found.id)).size).toBe(all.length);
    // Among these five: high (newest first), then medium, then low (newest first).
    const mine = all.filter((found) => ids.includes(found.id)).map((found) => found.id);
    expect(mine).toEqual([ids[4], ids[1], ids[2], ids[3], ids[0]]);
    // And over the whole queue, severity never rises.
    const ranks = all.map((found) => ["low", "medium", "high"].indexOf(found.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it("weighs each report by its reporter's history, and the member's by their strikes", async () => {
    const [ann, dan, eve, fay] = await Promise.all(
      [0, 1, 2, 3].map(() => createLoggedInMember(app, premium)),
    );
    if (!ann || !dan || !eve || !fay) throw new Error("no members");
    const moderator = await createSignedInStaff(app, "moderator");
    const warn = (userId: number) =>
      staffCall(app, "POST", `/api/staff/members/${userId}/warn`, moderator.cookie, {
        reason: "Rude messages",
      });
    // Ann reports two members and was reported herself, and warned; Dan was warned twice.
    await reportThrough(app, ann, eve, "spam");
    await reportThrough(app, fay, ann, "harassment");
    expect((await warn(ann.user.id)).status).toBe(200);
    expect((await warn(dan.user.id)).status).toBe(200);
    expect((await warn(dan.user.id)).status).toBe(200);
    const caseId = await reportThrough(app, ann, dan, "scam");

    const listed = (await wholeQueue(app, moderator.cookie)).cases.find(
      (found) => found.id === caseId,
    );
    expect(listed?.member.strikes).toBe(2);
    expect(listed?.reports[0]?.reporter).toEqual({
      user_id: ann.user.id,
      profile_id: ann.profile.id,
      name: ann.profile.name,
      account_age_days: 0,
      has_paid: true,
      reports_filed: 2,
      cases_against: 1,
      strikes: 1,
    });
  });

  it("filters by claim, and refuses a forged cursor with a 422", async () => {
    const [reporter, target] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    const caseId = await reportThrough(app, reporter, target, "inappropriate");
    const [moderator, other] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "moderator"),
    ];
    await staffCall(app, "POST", `/api/staff/reports/${caseId}/claim`, moderator.cookie);
    const ids = async (cookie: string, claimed: string) =>
      (await wholeQueue(app, cookie, { claimed })).cases.map((found) => found.id);
    expect(await ids(moderator.cookie, "me")).toContain(caseId);
    expect(await ids(other.cookie, "me")).not.toContain(caseId);
    expect(await ids(other.cookie, "unclaimed")).not.toContain(caseId);
    const claimed = (await wholeQueue(app, other.cookie)).cases.find((c) => c.id === caseId);
    expect(claimed?.claimed_by).toEqual({ id: moderator.id, email: moderator.email });

    const forged = Buffer.from(JSON.stringify([9, "yesterday", -1])).toString("base64url");
    for (const cursor of [forged, "not-json", "x".repeat(201), "a%00b"]) {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/reports?cursor=${cursor}`,
        moderator.cookie,
      );
      expect(answer.status).toBe(422);
    }
    expect((await staffCall(app, "GET", "/api/staff/reports?claimed=x", other.cookie)).status).toBe(
      422,
    );
  });

  it("shows each report's own conversation, the last messages both ways, and audits the read", async () => {
    const [ann, ben, mallory] = [
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
      await createLoggedInMember(app, premium),
    ];
    const annChat = await open(ann, mallory);
    const benChat = await open(ben, mallory);
    for (let index = 0; index < MESSAGES_PER_CONVERSATION + 3; index++) {
      const from = index % 2 === 0 ? mallory : ann;
      expect((await send(from, annChat, `ann ${index}`)).status).toBe(200);
    }
    expect((await send(mallory, benChat, "send me 200 euros")).status).toBe(200);
    expect((await send(ben, benChat, "no")).status).toBe(200);
    expect((await sendImage(mallory, benChat, await makePhoneJpeg(400, 300))).status).toBe(200);
    // A conversation between two others, never shown with this case.
    expect((await send(ann, await open(ann, ben), "ann to ben")).status).toBe(200);
    const caseId = await reportThrough(app, ann, mallory, "harassment", { conversation: annChat });
    await reportThrough(app, ben, mallory, "scam", { conversation: benChat });

    const moderator = await createSignedInStaff(app, "moderator");
    const answer = await staffCall(app, "GET", "/api/staff/reports?limit=50", moderator.cookie);
    const listed = (await answer.json()).cases.find((found: { id: number }) => found.id === caseId);
    const [fromBen, fromAnn] = listed.reports;
    expect(fromBen.messages.map((m: { body: string; from: string }) => [m.from, m.body])).toEqual([
      ["reported", "send me 200 euros"],
      ["reporter", "no"],
      ["reported", null],
    ]);
    // An image message: the moderator gets a signed URL of the picture itself.
    expect(fromBen.messages[2]).toMatchObject({ kind: "image" });
    expect(fromBen.messages[2].image).toMatch(/\/media\/.+-main\.webp\?/);
    const annTexts = fromAnn.messages.map((m: { body: string }) => m.body);
    expect(annTexts).toHaveLength(MESSAGES_PER_CONVERSATION);
    expect(annTexts.at(-1)).toBe(`ann ${MESSAGES_PER_CONVERSATION + 2}`);
    expect(annTexts[0]).toBe("ann 3");
    // Odd ones are Ann's (the reporter), even ones Mallory's.
    expect(fromAnn.messages[0].from).toBe("reporter");
    expect(fromAnn.messages.at(-1).from).toBe("reported");
    expect(JSON.stringify(listed)).not.toContain("ann to ben");
    expect(listed.member).toMatchObject({
      user_id: mallory.user.id,
      profile_id: mallory.profile.id,
      has_paid: true,
      account_age_days: 0,
    });

    // One audit row for the read, naming the cases it showed.
    const rows = (await auditRowsBy(moderator.id)).filter((row) => row.action !== "staff.login");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "report.queue_read", role: "moderator" });
    const after = rows[0]?.after as { cases?: string } | null | undefined;
    expect(String(after?.cases).split(",")).toContain(String(caseId));
  });

  it("lists each reported member's photos in gallery order, to pick the one a removal takes", async () => {
    const reporter = await createLoggedInMember(app);
    const [three, two, none] = [
      await createLoggedInMember(app, { photoCount: 3 }),
      await createLoggedInMember(app, { photoCount: 2 }),
      await createLoggedInMember(app),
    ];
    const caseIds = [
      await reportThrough(app, reporter, three, "fake_profile"),
      await reportThrough(app, reporter, two, "fake_profile"),
      await reportThrough(app, reporter, none, "fake_profile"),
    ];
    const moderator = await createSignedInStaff(app, "moderator");
    const { cases } = await wholeQueue(app, moderator.cookie);
    const photosOf = (caseId: number | undefined) =>
      cases.find((found) => found.id === caseId)?.member.photos;
    for (const [index, member] of [three, two, none].entries()) {
      const listed = photosOf(caseIds[index]);
      expect(listed?.map((photo) => photo.id)).toEqual(member.photos.map((photo) => photo.id));
      for (const [at, photo] of (listed ?? []).entries()) {
        expect(photo.thumb).toContain(`/media/${member.photos[at]?.storageKey}-thumb.webp?`);
      }
    }
  });

  it("backfills reports made before cases into one case per member (the migration's SQL)", async () => {
    const [ann, ben, dan] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    const db = await getReadyDb();
    // Reports as they were stored before cases existed: two of Dan, one of a member per reason.
    const single = await Promise.all(REPORT_REASONS.map(() => createLoggedInMember(app)));
    await db.insert(reports).values([
      { reporterUserId: ann.user.id, reportedUserId: dan.user.id, reason: "spam" },
      { reporterUserId: ben.user.id, reportedUserId: dan.user.id, reason: "fake_profile" },
      ...REPORT_REASONS.map((reason, index) => ({
        reporterUserId: ann.user.id,
        reportedUserId: single[index]?.user.id ?? 0,
        reason,
      })),
    ]);
    const file = readdirSync("drizzle").find((name) => name.endsWith("_report_cases.sql"));
    const migration = readFileSync(`drizzle/${file}`, "utf8");
    const custom = migration.slice(migration.indexOf("-- custom SQL (keep when renumbering)"));
    for (const statement of custom.split("--> statement-breakpoint")) {
      await db.execute(sql.raw(statement));
    }
    const severityOfMember = async (userId: number) => {
      const rows = await db
        .select({ severity: reportCases.severity })
        .from(reports)
        .innerJoin(reportCases, eq(reportCases.id, reports.caseId))
        .where(and(eq(reports.reportedUserId, userId), eq(reportCases.status, "open")));
      return rows.map((row) => row.severity);
    };
    expect(await severityOfMember(dan.user.id)).toEqual([2, 2]);
    // The SQL's copy of the severity table agrees with REASON_SEVERITY, reason by reason.
    for (const [index, reason] of REPORT_REASONS.entries()) {
      expect(await severityOfMember(single[index]?.user.id ?? 0)).toEqual([severityRank(reason)]);
    }
  });
});
