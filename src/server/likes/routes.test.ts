import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { gifts } from "../gifts/schema";
import { users } from "../users/schema";
import { likes } from "./schema";

const app = createApp();

const call = memberCaller(app);

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** Whether the like `liker` gave `liked` is still new to them (spec §4). */
async function likeIsNew(liker: Member, liked: Member) {
  const db = await getDb();
  const [row] = await db
    .select({ isNew: likes.isNew })
    .from(likes)
    .where(
      and(eq(likes.likerProfileId, liker.profile.id), eq(likes.likedProfileId, liked.profile.id)),
    );
  return row?.isNew;
}

describe("likes (spec §2 Profile view, §4)", () => {
  it("records a like, shows it on the profile, and takes it back", async () => {
    const [liker, liked] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    expect(
      await (await call("POST", "/api/like.php", liker.cookie, { id: liked.profile.id })).json(),
    ).toEqual({
      liked: true,
    });
    const profile = await (
      await call("GET", `/api/profile.php?id=${liked.profile.id}`, liker.cookie)
    ).json();
    expect(profile).toMatchObject({ liked: true });
    await call("DELETE", `/api/like.php?id=${liked.profile.id}`, liker.cookie);
    const after = await (
      await call("GET", `/api/profile.php?id=${liked.profile.id}`, liker.cookie)
    ).json();
    expect(after).toMatchObject({ liked: false });
  });

  it("clears the new-like flag when the liked member opens the liker's profile", async () => {
    const [liker, liked] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    await call("POST", "/api/like.php", liker.cookie, { id: liked.profile.id });
    const isNew = () => likeIsNew(liker, liked);
    expect(await isNew()).toBe(true);
    // Someone else opening the profile changes nothing.
    await call(
      "GET",
      `/api/profile.php?id=${liker.profile.id}`,
      (await createLoggedInMember(app)).cookie,
    );
    expect(await isNew()).toBe(true);
    await call("GET", `/api/profile.php?id=${liker.profile.id}`, liked.cookie);
    expect(await isNew()).toBe(false);
  });

  it("clears it when a page fetched ahead is shown: POST /api/like-seen.php (issue 29 item 3)", async () => {
    const [liker, liked, other] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    await call("POST", "/api/like.php", liker.cookie, { id: liked.profile.id });
    const isNew = () => likeIsNew(liker, liked);
    // Another member saying so, or the liked member naming a profile that never liked them,
    // changes nothing.
    expect(
      (await call("POST", "/api/like-seen.php", other.cookie, { id: liker.profile.id })).status,
    ).toBe(200);
    await call("POST", "/api/like-seen.php", liked.cookie, { id: other.profile.id });
    expect(await isNew()).toBe(true);
    const seen = await call("POST", "/api/like-seen.php", liked.cookie, { id: liker.profile.id });
    expect(await seen.json()).toEqual({ ok: true });
    expect(await isNew()).toBe(false);
    // Said again (a second tab): still seen, still 200.
    expect(
      (await call("POST", "/api/like-seen.php", liked.cookie, { id: liker.profile.id })).status,
    ).toBe(200);
    expect((await call("POST", "/api/like-seen.php", "", { id: liker.profile.id })).status).toBe(
      403,
    );
    for (const id of [0, 2 ** 31, "1\u0000", null]) {
      const refused = await call("POST", "/api/like-seen.php", liked.cookie, { id });
      expect(refused.status).toBe(422);
    }
  });

  it("needs a login (spec §6)", async () => {
    const liked = await createLoggedInMember(app);
    expect((await call("POST", "/api/like.php", "", { id: liked.profile.id })).status).toBe(403);
  });
});

describe("gifts", () => {
  it("takes the site's gift_credits and records the gift", async () => {
    const sender = await createLoggedInMember(app, { credits: 30 });
    const recipient = await createLoggedInMember(app);
    const response = await call("POST", "/api/gift.php", sender.cookie, {
      id: recipient.profile.id,
      gift: "rose",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ credits: 5 });
    const db = await getDb();
    const rows = await db.select().from(gifts).where(eq(gifts.senderProfileId, sender.profile.id));
    expect(rows).toMatchObject([
      { recipientProfileId: recipient.profile.id, gift: "rose", credits: 25 },
    ]);
  });

  it("refuses a gift the balance cannot pay, with a translated message, and keeps the credits", async () => {
    const sender = await createLoggedInMember(app, { credits: 10, language: "fr" });
    const recipient = await createLoggedInMember(app);
    const response = await call("POST", "/api/gift.php", sender.cookie, {
      id: recipient.profile.id,
      gift: "heart",
    });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe("not_enough_credits");
    expect(body.message).toContain("25");
    const [row] = await (await getDb())
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, sender.user.id));
    expect(row?.credits).toBe(10);
  });

  it("refuses an unknown gift", async () => {
    const sender = await createLoggedInMember(app, { credits: 30 });
    const response = await call("POST", "/api/gift.php", sender.cookie, {
      id: sender.profile.id + 1,
      gift: "yacht",
    });
    expect(response.status).toBe(422);
  });
});
