import { describe, expect, it } from "vitest";
import { memberCall } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "../lib/rate-limit";
import { getReadyDb } from "../startup";

const app = createApp();

describe("likes outside the swipe game (issue 25: a script likes every card it is shown)", () => {
  it("stop for the day at a count no person reaches, with a message the like button shows", async () => {
    const { limit } = RATE_LIMIT_POLICIES.likesDaily;
    expect(limit).toBeGreaterThanOrEqual(200);
    const member = await createLoggedInMember(app, { language: "de" });
    const [first, second] = [await createLoggedInMember(app), await createLoggedInMember(app)];
    const like = (id: number) => memberCall(app, "POST", "/api/like.php", member.cookie, { id });
    expect((await like(first.profile.id)).status).toBe(200);
    // The rest of the day's likes, as a script would have given them.
    const db = await getReadyDb();
    for (let given = 1; given < limit; given++) {
      await consumeRateLimit(db, "likesDaily", String(member.profile.id));
    }
    const refused = await like(second.profile.id);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "like_limit",
      message: "Du hast heute schon sehr viele Mitglieder geliked. Morgen kannst du wieder liken.",
    });
    const liked = await memberCall(
      app,
      "GET",
      `/api/profile.php?id=${second.profile.id}`,
      member.cookie,
    );
    expect(await liked.json()).toMatchObject({ liked: false });
    // Taking a like back is not a like.
    const taken = await memberCall(
      app,
      "DELETE",
      `/api/like.php?id=${first.profile.id}`,
      member.cookie,
    );
    expect(taken.status).toBe(200);
  });
});
