import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { findMailsTo } from "../../test/outbox";
import { reportThrough } from "../../test/reports";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { getStorage } from "../lib/storage";
import { photos, profiles } from "../profiles/schema";
import { staffAudit } from "../staff/schema";
import { getReadyDb } from "../startup";
import { users } from "../users/schema";
import { reportCases } from "./schema";

const app = createApp();

/** A member reported by another: the case id, and both members. */
async function reportedCase(options: Parameters<typeof createLoggedInMember>[1] = {}) {
  const reporter = await createLoggedInMember(app);
  const member = await createLoggedInMember(app, options);
  const caseId = await reportThrough(app, reporter, member, "inappropriate");
  return { caseId, reporter, member };
}

/** The audit rows about one case, oldest first. */
async function caseAudit(caseId: number) {
  const db = await getReadyDb();
  const rows = await db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.targetId, String(caseId)))
    .orderBy(staffAudit.id);
  return rows.filter((row) => row.targetType === "report");
}

async function caseRow(caseId: number) {
  const db = await getReadyDb();
  const [row] = await db.select().from(reportCases).where(eq(reportCases.id, caseId));
  return row;
}

const path = (caseId: number | string, action: string) => `/api/staff/reports/${caseId}/${action}`;

describe("claiming a case", () => {
  it("refuses a case another holds with 409 naming them, and takes over a lapsed claim", async () => {
    const { caseId } = await reportedCase();
    const [first, second] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "moderator"),
    ];
    expect((await staffCall(app, "POST", path(caseId, "claim"), first.cookie)).status).toBe(200);
    const taken = await staffCall(app, "POST", path(caseId, "claim"), second.cookie);
    expect(taken.status).toBe(409);
    const body = (await taken.json()) as { error: string; message: string };
    expect(body.error).toBe("case_claimed");
    expect(body.message).toContain(first.email);
    // Claiming one's own case again renews it.
    expect((await staffCall(app, "POST", path(caseId, "claim"), first.cookie)).status).toBe(200);

    const db = await getReadyDb();
    await db
      .update(reportCases)
      .set({ claimedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(reportCases.id, caseId));
    expect((await staffCall(app, "POST", path(caseId, "claim"), second.cookie)).status).toBe(200);
    expect((await caseRow(caseId))?.claimedBy).toBe(second.id);
    expect((await caseAudit(caseId)).map((row) => [row.action, row.staffId])).toEqual([
      ["report.claim", first.id],
      ["report.claim", first.id],
      ["report.take_over", second.id],
    ]);
  });

  it("gives a case to one of several moderators claiming it at once", async () => {
    const { caseId } = await reportedCase();
    const moderators = await Promise.all(
      [0, 1, 2, 3].map(() => createSignedInStaff(app, "moderator")),
    );
    const answers = await Promise.all(
      moderators.map((staff) => staffCall(app, "POST", path(caseId, "claim"), staff.cookie)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await caseAudit(caseId)).toHaveLength(1);
  });

  it("gives a case back: the holder or an admin, not another moderator", async () => {
    const { caseId } = await reportedCase();
    const [holder, other, admin] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "admin"),
    ];
    const unclaim = (cookie: string) => staffCall(app, "POST", path(caseId, "unclaim"), cookie);
    expect((await unclaim(holder.cookie)).status).toBe(409);
    await staffCall(app, "POST", path(caseId, "claim"), holder.cookie);
    const refused = await unclaim(other.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "case_not_yours" });
    expect((await unclaim(holder.cookie)).status).toBe(200);
    await staffCall(app, "POST", path(caseId, "claim"), other.cookie);
    expect((await unclaim(admin.cookie)).status).toBe(200);
    expect((await caseRow(caseId))?.claimedBy).toBeNull();
  });

  it("answers 422 for ids that are not case ids, and 404 for a case that does not exist", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    for (const id of ["2147483648", "0", "-1", "1e3", "abc", "1%00"]) {
      expect((await staffCall(app, "POST", path(id, "claim"), moderator.cookie)).status).toBe(422);
    }
    expect((await staffCall(app, "POST", path(2147483647, "claim"), moderator.cookie)).status).toBe(
      404,
    );
  });
});

describe("resolving a case", () => {
  it("is for the claim's holder or an admin, once, with exactly one audit row", async () => {
    const { caseId, member } = await reportedCase();
    const [holder, other, admin] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "admin"),
    ];
    const dismiss = { action: "dismiss", reason: "Holiday photo, nothing wrong." };
    const resolve = (cookie: string, body: unknown = dismiss) =>
      staffCall(app, "POST", path(caseId, "resolve"), cookie, body);
    // Unclaimed: even the moderator who will claim it must claim first.
    expect((await resolve(holder.cookie)).status).toBe(403);
    await staffCall(app, "POST", path(caseId, "claim"), holder.cookie);
    const refused = await resolve(other.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "case_not_yours" });
    expect((await caseAudit(caseId)).map((row) => row.action)).toEqual(["report.claim"]);

    expect((await resolve(holder.cookie)).status).toBe(200);
    expect(await caseRow(caseId)).toMatchObject({
      status: "resolved",
      resolvedBy: holder.id,
      resolutionAction: "dismiss",
      resolutionReason: "Holiday photo, nothing wrong.",
    });
    const rows = await caseAudit(caseId);
    expect(rows.map((row) => row.action)).toEqual(["report.claim", "report.resolve"]);
    expect(rows[1]).toMatchObject({
      staffId: holder.id,
      reason: "Holiday photo, nothing wrong.",
      after: { member: member.user.id, action: "dismiss" },
    });
    // Dismissing tells the member nothing.
    expect(await findMailsTo(member.email)).toEqual([]);
    const again = await resolve(admin.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "case_resolved" });
    expect(await caseAudit(caseId)).toHaveLength(2);
  });

  it("lets an admin resolve a case another holds", async () => {
    const { caseId } = await reportedCase();
    const [holder, admin] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "admin"),
    ];
    await staffCall(app, "POST", path(caseId, "claim"), holder.cookie);
    const answer = await staffCall(app, "POST", path(caseId, "resolve"), admin.cookie, {
      action: "dismiss",
      reason: "Duplicate of an older case.",
    });
    expect(answer.status).toBe(200);
    expect((await caseRow(caseId))?.resolvedBy).toBe(admin.id);
  });

  it("removes one of the reported member's photos and mails them in their language", async () => {
    const { caseId, member } = await reportedCase({ photoCount: 2, language: "de" });
    const stranger = await createLoggedInMember(app, { photoCount: 1 });
    const moderator = await createSignedInStaff(app, "moderator");
    await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
    const resolve = (body: unknown) =>
      staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, body);
    const reason = "Shows a weapon.";
    // Another member's photo is not this case's to remove: 404, nothing changes.
    const foreign = await resolve({
      action: "remove_photo",
      reason,
      photo_id: stranger.photos[0]?.id,
    });
    expect(foreign.status).toBe(404);
    expect((await caseRow(caseId))?.status).toBe("open");
    expect((await resolve({ action: "remove_photo", reason })).status).toBe(422);

    const [main, second] = member.photos;
    if (!main || !second) throw new Error("no photos");
    expect((await resolve({ action: "remove_photo", reason, photo_id: main.id })).status).toBe(200);
    const db = await getReadyDb();
    const left = await db.select().from(photos).where(eq(photos.profileId, member.profile.id));
    expect(left.map((photo) => photo.id)).toEqual([second.id]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.profile.id));
    expect(profile?.mainPhotoId).toBe(second.id);
    // The files go once the resolution committed.
    expect(await getStorage().get(`${main.storageKey}-main.webp`)).toBeNull();
    expect(await getStorage().get(`${second.storageKey}-main.webp`)).not.toBeNull();
    expect(
      (
        await db
          .select()
          .from(photos)
          .where(eq(photos.id, stranger.photos[0]?.id ?? 0))
      ).length,
    ).toBe(1);
    const rows = await caseAudit(caseId);
    expect(rows.map((row) => row.action)).toEqual(["report.claim", "report.resolve"]);
    expect(rows[1]?.before).toMatchObject({ photo: main.id });
    const [mail] = await findMailsTo(member.email);
    expect(mail?.kind).toBe("photo_removed");
    expect(mail?.subject).toBe("Ein Foto wurde aus deinem Amora-Profil entfernt");
    expect(mail?.text).not.toContain(reason);
  });

  it("clears the profile's free text and mails the member", async () => {
    const about = "Write me on another site, my number is in my photos.";
    const { caseId, member } = await reportedCase({ profile: { about } });
    const moderator = await createSignedInStaff(app, "moderator");
    await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
    const answer = await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, {
      action: "remove_text",
      reason: "Moves people off the platform.",
    });
    expect(answer.status).toBe(200);
    const db = await getReadyDb();
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.profile.id));
    expect(profile?.about).toBeNull();
    expect(profile?.name).toBe(member.profile.name);
    const rows = await caseAudit(caseId);
    expect(rows.at(-1)).toMatchObject({
      action: "report.resolve",
      before: { about_length: about.length },
      after: { about_length: 0, action: "remove_text" },
    });
    expect(JSON.stringify(rows)).not.toContain(about);
    const [mail] = await findMailsTo(member.email);
    expect(mail?.kind).toBe("profile_text_removed");
    expect(mail?.subject).toBe("The text on your Amora profile was removed");
  });

  it("sends no notice when there was no text to remove", async () => {
    const { caseId, member } = await reportedCase({ profile: { about: null } });
    const moderator = await createSignedInStaff(app, "moderator");
    await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
    const answer = await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, {
      action: "remove_text",
      reason: "Chose the wrong action; nothing there.",
    });
    expect(answer.status).toBe(200);
    expect(await findMailsTo(member.email)).toEqual([]);
    expect((await caseAudit(caseId)).at(-1)?.before).toMatchObject({ about_length: 0 });
  });

  it("resolves with a warning, a suspension or a ban: the account action's one audit row", async () => {
    const db = await getReadyDb();
    for (const [body, sanction] of [
      [{ action: "warn", reason: "Rude." }, null],
      [{ action: "suspend", reason: "Rude again.", days: 7 }, "suspended"],
      [{ action: "ban", reason: "Scammer." }, "banned"],
    ] as const) {
      const { caseId, member } = await reportedCase();
      const moderator = await createSignedInStaff(app, "moderator");
      await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
      const answer = await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, body);
      expect(answer.status).toBe(200);
      expect(await caseRow(caseId)).toMatchObject({
        status: "resolved",
        resolutionAction: body.action,
        resolutionReason: body.reason,
      });
      const [user] = await db.select().from(users).where(eq(users.id, member.user.id));
      expect(user?.sanction ?? null).toBe(sanction);
      // One row for the resolution: the account action's, naming the case.
      const rows = await db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.staffId, moderator.id))
        .orderBy(staffAudit.id);
      expect(rows.map((row) => row.action)).toEqual([
        "staff.login",
        "report.claim",
        `member.${body.action}`,
      ]);
      expect(rows[2]?.after).toMatchObject({ report_case: caseId });
      expect(await findMailsTo(member.email)).toHaveLength(1);
    }
  });

  it("leaves the case open when the account action is refused", async () => {
    const { caseId, member } = await reportedCase();
    const moderator = await createSignedInStaff(app, "moderator");
    await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
    const db = await getReadyDb();
    await db.update(users).set({ sanction: "banned" }).where(eq(users.id, member.user.id));
    const answer = await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, {
      action: "suspend",
      reason: "Again.",
      days: 3,
    });
    expect(answer.status).toBe(409);
    expect((await caseRow(caseId))?.status).toBe("open");
  });

  it("refuses bad bodies with 422 and a huge one with 413", async () => {
    const { caseId } = await reportedCase();
    const moderator = await createSignedInStaff(app, "moderator");
    await staffCall(app, "POST", path(caseId, "claim"), moderator.cookie);
    const bodies = [
      { action: "dismiss" },
      { action: "dismiss", reason: "   " },
      { action: "dismiss", reason: "nul\u0000byte" },
      { action: "dismiss", reason: "x".repeat(1001) },
      { action: "erase", reason: "No such action." },
      { action: "suspend", reason: "Forever.", days: 0 },
      { action: "suspend", reason: "Forever.", days: 2147483648 },
      { action: "remove_photo", reason: "Big id.", photo_id: 2147483648 },
    ];
    for (const body of bodies) {
      const answer = await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, body);
      expect(answer.status).toBe(422);
    }
    const huge = { action: "dismiss", reason: "x".repeat(2_000_000) };
    expect(
      (await staffCall(app, "POST", path(caseId, "resolve"), moderator.cookie, huge)).status,
    ).toBe(413);
    expect((await caseRow(caseId))?.status).toBe("open");
  });
});
