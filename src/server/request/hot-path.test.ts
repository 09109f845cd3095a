import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { profiles } from "../profiles/schema";
import { getOwnProfile } from "../profiles/wizard";

/*
 * The hot path (ARCHITECTURE.md, the request path): the auth cookie's session, its member, their
 * profile id and what the user view shows of their profile and main photo are read by one
 * statement, and no route asks for them again. Counted at the driver (db/client.ts), on each
 * member's first request: later ones come from the session cache (session-cache.test.ts).
 */
const app = createApp();

describe("the statements of a request", () => {
  it("sends none for a visitor's GET /api/user.php", async () => {
    let status = 0;
    const statements = await recordQueries(async () => {
      status = (await app.request("/api/user.php")).status;
    });
    expect(status).toBe(403);
    expect(statements).toEqual([]);
  });

  it("sends one for a member's GET /api/user.php, with the profile and main photo", async () => {
    const { cookie, profile } = await createLoggedInMember(app, { photoCount: 2 });
    let body: { user?: { profile?: { id: number; main_image: { id: number } | null } } } = {};
    const statements = await recordQueries(async () => {
      body = await (await app.request("/api/user.php", { headers: { cookie } })).json();
    });
    expect(statements).toHaveLength(1);
    expect(body.user?.profile?.id).toBe(profile.id);
    expect(body.user?.profile?.main_image?.id).toBe(profile.mainPhotoId);
  });

  it("sends one for a member without a profile, whose user view has none", async () => {
    const { cookie, user } = await createLoggedInMember(app);
    await (await getDb()).delete(profiles).where(eq(profiles.userId, user.id));
    let body: { user?: { id: number; profile: unknown } } = {};
    const statements = await recordQueries(async () => {
      body = await (await app.request("/api/user.php", { headers: { cookie } })).json();
    });
    expect(statements).toHaveLength(1);
    expect(body.user).toMatchObject({ id: user.id, profile: null });
  });

  it("adds only the activity write to the client's refresh, and that once a minute", async () => {
    const { cookie } = await createLoggedInMember(app);
    const refresh = () =>
      recordQueries(() =>
        app.request("/api/user.php", { headers: { cookie, "x-request-type": "client" } }),
      );
    const first = await refresh();
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/^update "profiles"/);
    const later = [await refresh(), await refresh(), await refresh()];
    // No second activity write within the minute.
    expect(later.flat().filter((statement) => statement.startsWith("update"))).toEqual([]);
    // And the mark does not make the session cache forget the member (drizzle/0038): the
    // creation's own notifications may still cost a read, then the refresh needs no statement.
    expect(later.at(-1)).toEqual([]);
  });

  it("does not look the viewer up again for a member route (GET /api/profile.php)", async () => {
    const { cookie, profile } = await createLoggedInMember(app);
    const service = await recordQueries(async () => getOwnProfile(await getDb(), profile.id));
    let status = 0;
    const statements = await recordQueries(async () => {
      status = (await app.request("/api/profile.php", { headers: { cookie } })).status;
    });
    expect(status).toBe(200);
    expect(statements).toHaveLength(1 + service.length);
  });

  it("refuses a member without a profile from the session statement alone", async () => {
    const { cookie, user } = await createLoggedInMember(app);
    await (await getDb()).delete(profiles).where(eq(profiles.userId, user.id));
    let answer: { status: number; body?: { error: string } } = { status: 0 };
    const statements = await recordQueries(async () => {
      const response = await app.request("/api/profile.php", { headers: { cookie } });
      answer = { status: response.status, body: await response.json() };
    });
    expect(answer).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect(statements).toHaveLength(1);
  });
});
