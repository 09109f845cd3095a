import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { validateSessionToken } from "./session";
import { SessionCache } from "./session-cache";

/*
 * ARCHITECTURE.md, the request path: the session cache answers a member's repeated requests
 * without the database, and forgets a member as soon as any write to their session, account,
 * profile or photos commits: the database notifies it (drizzle/0010), whichever code wrote.
 */

type Row = { session: { id: string; userId: number }; value: string };
const row = (id: string, userId: number, value = "a"): Row => ({
  session: { id, userId },
  value,
});

function cacheWith(live = true) {
  const cache = new SessionCache<Row>();
  const listener = { live };
  cache.attach(listener);
  return { cache, listener };
}

describe("SessionCache", () => {
  it("reads once, then answers from memory with a copy the caller may change", async () => {
    const { cache } = cacheWith();
    const read = vi.fn(async () => row("s1", 1));
    const first = await cache.readThrough("s1", read);
    const second = await cache.readThrough("s1", read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    if (second) {
      second.value = "changed by a request";
      second.session.userId = 99;
    }
    const third = await cache.readThrough("s1", read);
    expect(third?.value).toBe("a");
    expect(third?.session.userId).toBe(1);
  });

  it("forgets every session of a notified member, and only theirs", async () => {
    const { cache } = cacheWith();
    await cache.readThrough("s1", async () => row("s1", 1));
    await cache.readThrough("s2", async () => row("s2", 1));
    await cache.readThrough("s3", async () => row("s3", 22));
    cache.forgetMembers("7,1");
    expect(cache.size).toBe(1);
    const read = vi.fn(async () => row("s3", 22));
    await cache.readThrough("s3", read);
    expect(read).not.toHaveBeenCalled();
    cache.forgetMembers("*");
    expect(cache.size).toBe(0);
  });

  it("does not remember a read that a notification overtook", async () => {
    const { cache } = cacheWith();
    let finish: (value: Row) => void = () => {};
    const reading = cache.readThrough("s1", () => new Promise<Row>((done) => (finish = done)));
    // The write commits (and is notified) after the read saw the old row.
    cache.forgetMembers("1");
    finish(row("s1", 1, "old"));
    expect((await reading)?.value).toBe("old");
    expect(cache.size).toBe(0);
  });

  it("neither serves nor remembers while its listener is down, and forgets all on a reset", async () => {
    const { cache, listener } = cacheWith();
    await cache.readThrough("s1", async () => row("s1", 1));
    listener.live = false;
    const read = vi.fn(async () => row("s1", 1, "fresh"));
    expect((await cache.readThrough("s1", read))?.value).toBe("fresh");
    expect(read).toHaveBeenCalledTimes(1);
    cache.reset();
    expect(cache.size).toBe(0);
    await cache.readThrough("s2", async () => row("s2", 2));
    expect(cache.size).toBe(0);
  });

  it("never remembers a row under another session's id", async () => {
    const { cache } = cacheWith();
    await cache.readThrough("s1", async () => row("other", 1));
    expect(cache.size).toBe(0);
  });
});

const app = createApp();

async function userView(cookie: string) {
  const response = await app.request("/api/user.php", { headers: { cookie } });
  return { status: response.status, body: await response.json() };
}

/**
 * The next request's answer once the write is known: at once on the embedded database (the
 * writing connection is the listening one); on PostgreSQL the notification comes over the
 * listener's own connection, a moment after the commit.
 */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 100 && !until(value); tries++) {
    await new Promise((done) => setTimeout(done, 20));
    value = await read();
  }
  return value;
}

describe("the session cache on the request path", () => {
  it("answers a member's repeated GET /api/user.php without a statement", async () => {
    const { cookie } = await createLoggedInMember(app);
    expect((await userView(cookie)).status).toBe(200);
    const statements = await recordQueries(() => userView(cookie));
    expect(statements).toEqual([]);
  });

  it("sees a write to the member's row made by any code, even plain SQL", async () => {
    const { cookie, user } = await createLoggedInMember(app);
    expect((await userView(cookie)).body.user.credits).toBe(user.credits);
    const db = await getDb();
    await db.execute(sql`update users set credits = credits + 17 where id = ${user.id}`);
    const after = await eventually(
      () => userView(cookie),
      (answer) => answer.body.user.credits !== user.credits,
    );
    expect(after.body.user.credits).toBe(user.credits + 17);
  });

  it("sees the profile's and the main photo's changes", async () => {
    const { cookie, user, profile } = await createLoggedInMember(app, { photoCount: 1 });
    expect((await userView(cookie)).body.user.profile.main_image?.id).toBe(profile.mainPhotoId);
    const db = await getDb();
    await db.execute(sql`update profiles set name = 'Renamed' where user_id = ${user.id}`);
    const renamed = await eventually(
      () => userView(cookie),
      (answer) => answer.body.user.profile.name === "Renamed",
    );
    expect(renamed.body.user.profile.name).toBe("Renamed");
    await db.execute(sql`delete from photos where id = ${profile.mainPhotoId}`);
    const withoutPhoto = await eventually(
      () => userView(cookie),
      (answer) => answer.body.user.profile.main_image === null,
    );
    expect(withoutPhoto.body.user.profile.main_image).toBeNull();
  });

  it("sees the member's blocks either way, made by any code (drizzle/0039)", async () => {
    const member = await createLoggedInMember(app);
    const blocked = await createLoggedInMember(app);
    const blocker = await createLoggedInMember(app);
    const token = /auth=([^;]+)/.exec(member.cookie)?.[1] ?? "";
    const db = await getDb();
    const blockedWith = async () =>
      [...((await validateSessionToken(db, token))?.blockedWith ?? [])].sort((a, b) => a - b);
    expect(await blockedWith()).toEqual([]);
    expect(await recordQueries(blockedWith)).toEqual([]);

    await db.execute(sql`insert into blocks (blocker_profile_id, blocked_profile_id)
      values (${member.profile.id}, ${blocked.profile.id}), (${blocker.profile.id}, ${member.profile.id})`);
    const both = [blocked.profile.id, blocker.profile.id].sort((a, b) => a - b);
    expect(await eventually(blockedWith, (ids) => ids.length === 2)).toEqual(both);
    await db.execute(sql`delete from blocks where blocker_profile_id = ${blocker.profile.id}`);
    expect(await eventually(blockedWith, (ids) => ids.length === 1)).toEqual([blocked.profile.id]);
  });

  it("refuses an ended session at once: logout, and sessions deleted by hand", async () => {
    const first = await createLoggedInMember(app);
    expect((await userView(first.cookie)).status).toBe(200);
    const logout = await app.request("/api/logout.php", {
      method: "POST",
      headers: { cookie: first.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(logout.status).toBe(200);
    expect((await userView(first.cookie)).status).toBe(403);

    const second = await createLoggedInMember(app);
    expect((await userView(second.cookie)).status).toBe(200);
    const db = await getDb();
    await db.execute(sql`delete from sessions where user_id = ${second.user.id}`);
    const ended = await eventually(
      () => userView(second.cookie),
      (answer) => answer.status !== 200,
    );
    expect(ended.status).toBe(403);
  });
});
