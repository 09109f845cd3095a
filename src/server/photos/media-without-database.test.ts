import { describe, expect, it, vi } from "vitest";
import type { ProfileDetail } from "../../contract/profiles";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createApp } from "../app";
import { getConnection } from "../db/client";

const app = createApp();

describe("GET /media without the database (design §8)", () => {
  it("serves a signed URL with the database closed underneath, cookie and all", async () => {
    const owner = await createLoggedInMember(app, { photoCount: 1 });
    const viewer = await createLoggedInMember(app);
    const answer = await app.request(`/api/profile.php?id=${owner.profile.id}`, {
      headers: { cookie: viewer.cookie },
    });
    const photo = ((await answer.json()) as ProfileDetail).photos[0];
    if (!photo || !("thumb" in photo)) throw new Error("no open photo");

    // Not one statement, even with the session cookie of a member.
    const statements = await recordQueries(async () => {
      expect((await app.request(photo.thumb, { headers: { cookie: viewer.cookie } })).status).toBe(
        200,
      );
    });
    expect(statements).toEqual([]);

    // Closed, but still the process's connection: any query now fails instead of reopening one
    // (this file's own database; the API suite's PostgreSQL run ends this file's pool only).
    await (await getConnection()).close();
    // The API's failure is logged as it should be; kept out of the test output.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const profile = await app.request(`/api/profile.php?id=${owner.profile.id}`, {
      headers: { cookie: viewer.cookie },
    });
    expect(profile.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    const response = await app.request(photo.thumb, { headers: { cookie: viewer.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const refused = await app.request(photo.thumb.replace(/&s=.*/, "&s=x"));
    expect(refused.status).toBe(404);
  });
});
