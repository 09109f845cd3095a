import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { OwnPhotos } from "../../contract/photos";
import type { PhotoReviewAnswer, ReviewQueueAnswer } from "../../contract/staff-photos";
import { makeUniquePhoto as uniquePhoto } from "../../test/images";
import { createLoggedInMember } from "../../test/members";
import { json } from "../../test/photos";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { findOutboxMails } from "../lib/mail-outbox";
import { hammingDistance, perceptualHash, SAME_IMAGE_THRESHOLD } from "../photos/phash";
import { rejectedPhotoHashes } from "../photos/review-schema";
import { photos } from "../photos/schema";
import { profiles } from "../profiles/schema";
import { getReadyDb } from "../startup";
import { staffAudit } from "./schema";

/* issue 27 item 5: perceptual hashes on upload, and the staff's photo review queue. */

const app = createApp();

/** The same picture as another member would have it: smaller, re-encoded as WebP. */
async function reEncoded(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(600).webp({ quality: 70 }).toBuffer();
}

function upload(cookie: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "me.jpg"));
  return app.request("/api/photos.php", { method: "POST", body: form, headers: { cookie } });
}

/** Uploads a photo and answers its row. */
async function uploaded(cookie: string, bytes: Uint8Array) {
  const answer = await upload(cookie, bytes);
  expect(answer.status).toBe(201);
  const own = await json<OwnPhotos>(answer);
  return photoRow((own.photos.at(-1) ?? own.photos[0])?.id ?? 0);
}

async function photoRow(id: number) {
  const db = await getReadyDb();
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  if (!row) throw new Error(`no photo ${id}`);
  return row;
}

async function auditOfPhoto(id: number) {
  const db = await getReadyDb();
  return db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.targetId, String(id)));
}

async function mainPhotoOf(profileId: number) {
  const db = await getReadyDb();
  const [row] = await db
    .select({ id: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.id ?? null;
}

describe("an upload's perceptual hash", () => {
  it("is stored with the photo, which is shown at once and waits in the queue", async () => {
    const member = await createLoggedInMember(app);
    const bytes = await uniquePhoto();
    const row = await uploaded(member.cookie, bytes);
    expect(row.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(row.status).toBe("active");
    expect(row.queuedAt).toBeInstanceOf(Date);
    expect(row.duplicateOf).toBeNull();
    expect(await mainPhotoOf(member.profile.id)).toBe(row.id);
    // Of the upright whole picture (its `large` rendition): the upload's own hash is near.
    const distance = hammingDistance(row.phash ?? "", await perceptualHash(bytes));
    expect(distance).toBeLessThanOrEqual(SAME_IMAGE_THRESHOLD);
  });

  it("refuses a re-upload of a rejected image, re-encoded and smaller, on any account", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app, { language: "de" });
    const bytes = await uniquePhoto();
    const row = await uploaded(member.cookie, bytes);
    const rejected = await staffCall(
      app,
      "POST",
      `/api/staff/photos/${row.id}/reject`,
      moderator.cookie,
      { reason: "nudity" },
    );
    expect(rejected.status).toBe(200);

    for (const uploader of [member, await createLoggedInMember(app)]) {
      const again = await upload(uploader.cookie, await reEncoded(bytes));
      expect(again.status).toBe(422);
      const body = await json<{ error: string; message: string }>(again);
      expect(body.error).toBe("photo_previously_rejected");
      expect(body.message.length).toBeGreaterThan(20);
    }
    // The member's language: German.
    const german = await json<{ message: string }>(await upload(member.cookie, bytes));
    expect(german.message).toMatch(/Foto/);
    // Deleting the rejected photo does not let the image back in: its hash is kept apart.
    const db = await getReadyDb();
    await db.delete(photos).where(eq(photos.id, row.id));
    const kept = await db.select().from(rejectedPhotoHashes);
    expect(kept.some((hash) => hash.phash === row.phash)).toBe(true);
    expect((await upload(member.cookie, bytes)).status).toBe(422);
    // Another picture is welcome.
    expect((await upload(member.cookie, await uniquePhoto())).status).toBe(201);
  });

  it("flags the same image on two accounts in the queue, each pointing at the other", async () => {
    const first = await createLoggedInMember(app, { profile: { name: "First Owner" } });
    const second = await createLoggedInMember(app, { profile: { name: "Second Owner" } });
    const bytes = await uniquePhoto();
    const original = await uploaded(first.cookie, bytes);
    const copy = await uploaded(second.cookie, await reEncoded(bytes));
    expect(copy.duplicateOf).toBe(original.id);
    expect(copy.status).toBe("active");
    const flagged = await photoRow(original.id);
    expect(flagged.duplicateOf).toBe(copy.id);
    expect(flagged.queuedAt).toEqual(original.queuedAt);
    // The queue names the other account, for the moderator's catfish warning.
    const moderator = await createSignedInStaff(app, "moderator");
    const cursor = `${(original.queuedAt as Date).getTime() - 1}.1`;
    const queue = await json<ReviewQueueAnswer>(
      await staffCall(app, "GET", `/api/staff/photos?limit=100&cursor=${cursor}`, moderator.cookie),
    );
    const byId = new Map(queue.photos.map((photo) => [photo.id, photo]));
    expect(byId.get(copy.id)).toMatchObject({
      duplicate_of: original.id,
      duplicate_member: { user_id: first.user.id, name: "First Owner" },
    });
    expect(byId.get(original.id)?.duplicate_member).toEqual({
      user_id: second.user.id,
      name: "Second Owner",
    });
    // Another picture on the second account is not flagged.
    const other = await uploaded(second.cookie, await uniquePhoto());
    expect(other.duplicateOf).toBeNull();
  });
});

describe("GET /api/staff/photos", () => {
  it("lists the queue oldest first, a page at a time, with what a moderator needs", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app, { profile: { name: "Queue Test" } });
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) ids.push((await uploaded(member.cookie, await uniquePhoto())).id);
    const first = await photoRow(ids[0] ?? 0);
    // Start just before this member's first photo: other files' photos may wait too.
    let cursor: string | null = `${(first.queuedAt as Date).getTime() - 1}.1`;
    const seen: ReviewQueueAnswer["photos"] = [];
    const pageIds = new Set<number>();
    while (cursor && seen.filter((photo) => ids.includes(photo.id)).length < 3) {
      const answer = await staffCall(
        app,
        "GET",
        `/api/staff/photos?limit=1&cursor=${cursor}`,
        moderator.cookie,
      );
      expect(answer.status).toBe(200);
      const page = await json<ReviewQueueAnswer>(answer);
      expect(page.photos.length).toBeLessThanOrEqual(1);
      for (const photo of page.photos) {
        expect(pageIds.has(photo.id)).toBe(false);
        pageIds.add(photo.id);
      }
      seen.push(...page.photos);
      cursor = page.next_cursor;
    }
    const mine = seen.filter((photo) => ids.includes(photo.id));
    expect(mine.map((photo) => photo.id)).toEqual(ids);
    const queuedTimes = seen.map((photo) => photo.queued_at);
    expect(queuedTimes).toEqual([...queuedTimes].sort());
    expect(mine[0]).toMatchObject({
      status: "active",
      member: { user_id: member.user.id, profile_id: member.profile.id, name: "Queue Test" },
      is_main: true,
      duplicate_of: null,
      duplicate_member: null,
    });
    expect(mine[1]?.is_main).toBe(false);
    for (const url of [mine[0]?.thumb, mine[0]?.large]) {
      expect((await app.request(url ?? "")).status).toBe(200);
    }
  });

  it("refuses a malformed cursor or limit, and answers an empty page past the end", async () => {
    const admin = await createSignedInStaff(app, "admin");
    for (const query of [
      "cursor=1",
      "cursor=x.1",
      "cursor=1.99999999999",
      "cursor=1.2147483648",
      "cursor=99999999999999.1",
      "limit=0",
      "limit=101",
    ]) {
      const answer = await staffCall(app, "GET", `/api/staff/photos?${query}`, admin.cookie);
      expect(answer.status, query).toBe(422);
    }
    const last = "/api/staff/photos?cursor=9999999999999.2147483647";
    const end = await staffCall(app, "GET", last, admin.cookie);
    expect(await json(end)).toEqual({ photos: [], next_cursor: null });
  });
});

describe("POST /api/staff/photos/{id}/approve", () => {
  it("takes the photo out of the queue, once, with one audit row", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app);
    const row = await uploaded(member.cookie, await uniquePhoto());
    const path = `/api/staff/photos/${row.id}/approve`;
    const answer = await staffCall(app, "POST", path, moderator.cookie);
    expect(answer.status).toBe(200);
    expect(await json<PhotoReviewAnswer>(answer)).toEqual({
      photo: { id: row.id, status: "active" },
      main_photo_id: row.id,
    });
    const approved = await photoRow(row.id);
    expect(approved.queuedAt).toBeNull();
    expect(approved.reviewedAt).toBeInstanceOf(Date);
    const replay = await staffCall(app, "POST", path, moderator.cookie);
    expect(replay.status).toBe(409);
    expect(await json(replay)).toMatchObject({ error: "photo_already_reviewed" });
    const audit = await auditOfPhoto(row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "photo.approve",
      staffId: moderator.id,
      role: "moderator",
      targetType: "photo",
    });
  });

  it("answers 404 for no such photo and 422 for an id that is none", async () => {
    const admin = await createSignedInStaff(app, "admin");
    const missing = await staffCall(
      app,
      "POST",
      "/api/staff/photos/2147483647/approve",
      admin.cookie,
    );
    expect(missing.status).toBe(404);
    for (const id of ["2147483648", "0", "-1", "1e3", "01", "abc", "1%00"]) {
      const answer = await staffCall(app, "POST", `/api/staff/photos/${id}/approve`, admin.cookie);
      expect(answer.status, id).toBe(422);
    }
  });
});

describe("POST /api/staff/photos/{id}/reject", () => {
  it("hides a main photo: the profile has none (the photo alert), the member is told", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app, { language: "de" });
    const row = await uploaded(member.cookie, await uniquePhoto());
    expect(await mainPhotoOf(member.profile.id)).toBe(row.id);
    const path = `/api/staff/photos/${row.id}/reject`;
    const body = { reason: "not_own_photo", note: "Looks like a stock photo" };
    const answer = await staffCall(app, "POST", path, moderator.cookie, body);
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({
      photo: { id: row.id, status: "rejected" },
      main_photo_id: null,
    });
    expect((await photoRow(row.id)).status).toBe("rejected");
    expect(await mainPhotoOf(member.profile.id)).toBeNull();

    // The missing-photo state as the member's pages read it: no main image.
    const user = await app.request("/api/user.php", { headers: { cookie: member.cookie } });
    const { user: view } = await json<{ user: { profile: { main_image: unknown } } }>(user);
    expect(view.profile.main_image).toBeNull();
    const own = await json<OwnPhotos>(
      await app.request("/api/photos.php", { headers: { cookie: member.cookie } }),
    );
    expect(own.main_id).toBeNull();
    expect(own.photos[0]?.status).toBe("rejected");

    const [mail] = await findOutboxMails(await getReadyDb(), { to: member.email });
    expect(mail?.kind).toBe("photo_rejected");
    expect(mail?.subject).toMatch(/Foto/);
    expect(mail?.text).toContain("Das Foto scheint nicht dich zu zeigen");
    expect(mail?.text).toContain("Hauptfoto");
    expect(mail?.text).toContain("/profile?step=4");
    expect(mail?.text).not.toContain("stock photo");

    const replay = await staffCall(app, "POST", path, moderator.cookie, body);
    expect(replay.status).toBe(409);
    const audit = await auditOfPhoto(row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "photo.reject",
      staffId: moderator.id,
      reason: "not_own_photo: Looks like a stock photo",
      before: { status: "active", main_photo_id: row.id },
      after: { status: "rejected", main_photo_id: null },
    });
  });

  it("makes the next shown photo the main one, and leaves other photos alone", async () => {
    const admin = await createSignedInStaff(app, "admin");
    const member = await createLoggedInMember(app);
    const main = await uploaded(member.cookie, await uniquePhoto());
    const next = await uploaded(member.cookie, await uniquePhoto());
    const answer = await staffCall(
      app,
      "POST",
      `/api/staff/photos/${main.id}/reject`,
      admin.cookie,
      { reason: "contact_details" },
    );
    expect(await json(answer)).toMatchObject({ main_photo_id: next.id });
    expect(await mainPhotoOf(member.profile.id)).toBe(next.id);
    const [mail] = await findOutboxMails(await getReadyDb(), { to: member.email });
    expect(mail?.text).toContain("contact details, links or advertising");
    expect(mail?.text).not.toContain("main photo");
  });

  it("hashes a photo stored before hashes were, so its image is refused from then on", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app);
    const bytes = await uniquePhoto();
    const row = await uploaded(member.cookie, bytes);
    const db = await getReadyDb();
    await db.update(photos).set({ phash: null }).where(eq(photos.id, row.id));
    const path = `/api/staff/photos/${row.id}/reject`;
    const answer = await staffCall(app, "POST", path, moderator.cookie, { reason: "offensive" });
    expect(answer.status).toBe(200);
    const kept = await db
      .select()
      .from(rejectedPhotoHashes)
      .where(eq(rejectedPhotoHashes.photoId, row.id));
    expect(kept.map((hash) => hash.phash)).toEqual([row.phash]);
    expect((await upload(member.cookie, await reEncoded(bytes))).status).toBe(422);
  });

  it("takes a reason from the list, and a note for 'other'", async () => {
    const moderator = await createSignedInStaff(app, "moderator");
    const member = await createLoggedInMember(app);
    const row = await uploaded(member.cookie, await uniquePhoto());
    const path = `/api/staff/photos/${row.id}/reject`;
    for (const body of [
      {},
      { reason: "ugly" },
      { reason: "other" },
      { reason: "other", note: "   " },
      { reason: "nudity", note: "x".repeat(1001) },
      { reason: "nudity", note: "a\u0000b" },
    ]) {
      const answer = await staffCall(app, "POST", path, moderator.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await photoRow(row.id)).status).toBe("active");
    expect(await auditOfPhoto(row.id)).toHaveLength(0);
  });
});
