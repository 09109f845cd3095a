import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { MEMBER_CHANGE_CHANNEL } from "../auth/session-cache";
import { type ChannelListener, getConnection, getDb } from "../db/client";
import { markMemberActive } from "./activity";
import { profiles } from "./schema";

/*
 * Issue 30 item 4 (bench/SCALE.md): an activity mark, once a minute per online member, takes no
 * part in NOTIFY's commit lock; every other change of a profile still tells the session caches
 * (drizzle/0038 over drizzle/0010), even when it comes with a new activity time.
 */
const app = createApp();
const heard: string[] = [];
let listener: ChannelListener;

beforeAll(async () => {
  listener = await (await getConnection()).listen(MEMBER_CHANGE_CHANNEL, {
    onNotify: (payload) => heard.push(payload),
    onReset: () => {},
  });
});
afterAll(async () => {
  await listener.close();
});

/** The member ids notified while `write` ran, once a marker write after it has been heard. */
async function notifiedDuring(write: () => Promise<unknown>): Promise<string[]> {
  const db = await getDb();
  const marker = await createLoggedInMember(app);
  heard.length = 0;
  await write();
  // Notifications arrive in commit order: once the marker's is heard, the write's would be too.
  await db.execute(sql`update users set credits = credits where id = ${marker.user.id}`);
  for (
    let waited = 0;
    !heard.some((p) => p.split(",").includes(String(marker.user.id)));
    waited++
  ) {
    if (waited > 200) throw new Error("the marker's notification never came");
    await new Promise((done) => setTimeout(done, 10));
  }
  return heard
    .flatMap((payload) => payload.split(","))
    .filter((id) => id !== String(marker.user.id));
}

describe("activity marks and the member_change channel", () => {
  it("marks a member active without notifying", async () => {
    const { user } = await createLoggedInMember(app);
    const db = await getDb();
    const ids = await notifiedDuring(() => markMemberActive(db, user.id, Date.now() + 3_600_000));
    expect(ids).not.toContain(String(user.id));
    const [row] = await db
      .select({ at: profiles.lastActiveAt })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    expect(row?.at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it("still notifies any other change of the profile, alone or with the activity time", async () => {
    const { user } = await createLoggedInMember(app);
    const db = await getDb();
    expect(
      await notifiedDuring(() =>
        db.execute(sql`update profiles set name = 'Renamed' where user_id = ${user.id}`),
      ),
    ).toContain(String(user.id));
    expect(
      await notifiedDuring(() =>
        db.execute(
          sql`update profiles set invisible = true, last_active_at = now() where user_id = ${user.id}`,
        ),
      ),
    ).toContain(String(user.id));
  });

  it("names only the members whose profile changed in a statement that touched several", async () => {
    const first = await createLoggedInMember(app);
    const second = await createLoggedInMember(app);
    const db = await getDb();
    const ids = await notifiedDuring(() =>
      db.execute(sql`
        update profiles
           set last_active_at = now(),
               name = case when user_id = ${first.user.id} then 'Changed' else name end
         where user_id in (${first.user.id}, ${second.user.id})`),
    );
    expect(ids).toContain(String(first.user.id));
    expect(ids).not.toContain(String(second.user.id));
  });
});
