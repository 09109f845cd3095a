import { eq, sql } from "drizzle-orm";
import type { AuditValues } from "../../contract/staff";
import type { ResolveReportBody } from "../../contract/staff-reports";
import { isLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, type MailTemplate, renderMail } from "../lib/mail-templates";
import { getStorage } from "../lib/storage";
import { banMember, suspendMember, warnMember } from "../moderation/sanctions";
import type { Photo } from "../photos/schema";
import { deletePhotoRow, removeUnusedPhotoFiles } from "../photos/service";
import { clearProfileText } from "../profiles/lifecycle";
import { profiles } from "../profiles/schema";
import { getSiteById } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { users } from "../users/schema";
import { lockOpenCase, requireActing, requireHolder } from "./cases";
import { reportCases } from "./schema";

type Resolution = ResolveReportBody & { reason: string };

/**
 * A translated notice to the reported member (issue 27: "a translated notice to the member
 * where one applies"): a short e-mail in their language, in the resolution's transaction, with a
 * button to the profile page. None for an erased account or one whose e-mail is disabled
 * (spec §4: bounces, spam complaints and unsubscribes stop all e-mail).
 */
async function noticeToMember(tx: Database, userId: number, template: MailTemplate) {
  const [member] = await tx
    .select({
      email: users.email,
      siteId: users.siteId,
      language: users.language,
      erasedAt: users.erasedAt,
      emailDisabledReason: users.emailDisabledReason,
      name: profiles.name,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!member || member.erasedAt || member.emailDisabledReason) return;
  const site = getSiteById(member.siteId);
  await sendMail(
    tx,
    site,
    renderMail({
      template,
      locale: member.language && isLocale(member.language) ? member.language : "en",
      site,
      to: member.email,
      name: member.name,
      url: `${site.origin}/profile`,
    }),
  );
}

/** The reported member's profile id: a removal needs one (an erased member has none). */
async function profileIdOf(tx: Database, userId: number): Promise<number> {
  const [profile] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) throw new ApiError(404, "not_found", "error.profileUnavailable");
  return profile.id;
}

/**
 * POST /api/staff/reports/{id}/resolve (issue 27 item 3): closes an open case with one action,
 * in one transaction with exactly one audit row (`report.resolve`, the action and what it
 * changed) and, where one applies, the notice to the member. Only the staff member holding the
 * case's claim resolves it, or an admin (403 case_not_yours); a resolved case is 409
 * case_resolved. dismiss changes nothing of the member; remove_photo deletes one of the
 * reported member's photos (404 for anyone else's), whose files go once it has committed;
 * remove_text clears the profile's free text (`about`, the only one: PROFILE_NOTES); warn,
 * suspend and ban are the account actions of moderation/sanctions.ts, whose audit row (naming
 * the case) is the resolution's. Needs `reports.resolve`, and the action's own permission.
 */
export async function resolveCase(
  db: Database,
  actor: StaffActor,
  caseId: number,
  resolution: Resolution,
): Promise<void> {
  requireActing(actor, "reports.resolve");
  let removedPhoto: Photo | null = null;
  await db.transaction(async (tx) => {
    const found = await lockOpenCase(tx, caseId);
    requireHolder(found, actor);
    const memberId = found.reportedUserId;
    let before: AuditValues = { member: memberId };
    let after: AuditValues = { member: memberId, action: resolution.action };
    // A sanction (moderation/sanctions.ts, in this transaction) writes the one audit row itself,
    // naming the case, with its strike, its effects and its notice to the member.
    let sanctioned = false;
    const sanction = { memberId, reason: resolution.reason, actor, reportCase: caseId };
    if (resolution.action === "warn") {
      await warnMember(tx, sanction);
      sanctioned = true;
    } else if (resolution.action === "suspend") {
      await suspendMember(tx, { ...sanction, days: resolution.days });
      sanctioned = true;
    } else if (resolution.action === "ban") {
      await banMember(tx, sanction);
      sanctioned = true;
    } else if (resolution.action === "remove_photo") {
      removedPhoto = await deletePhotoRow(tx, await profileIdOf(tx, memberId), resolution.photo_id);
      before = { ...before, photo: removedPhoto.id };
      after = { ...after, photo: null };
      await noticeToMember(tx, memberId, MAIL_TEMPLATES.photoRemoved);
    } else if (resolution.action === "remove_text") {
      const length = await clearProfileText(tx, memberId);
      if (length === null) throw new ApiError(404, "not_found", "error.profileUnavailable");
      // Its length only: the audit log is append-only and outlives an erased profile's text.
      before = { ...before, about_length: length };
      after = { ...after, about_length: 0 };
      // No text, nothing removed: no notice either.
      if (length > 0) await noticeToMember(tx, memberId, MAIL_TEMPLATES.profileTextRemoved);
    }
    await tx
      .update(reportCases)
      .set({
        status: "resolved",
        resolvedBy: actor.staff?.id ?? null,
        resolvedAt: sql`now()`,
        resolutionAction: resolution.action,
        resolutionReason: resolution.reason,
      })
      .where(eq(reportCases.id, caseId));
    if (sanctioned) return;
    await recordStaffAction(tx, actor, {
      action: "report.resolve",
      target: { type: "report", id: caseId },
      reason: resolution.reason,
      before,
      after,
    });
  });
  if (removedPhoto) await removeUnusedPhotoFiles(db, getStorage(), [removedPhoto]);
}
