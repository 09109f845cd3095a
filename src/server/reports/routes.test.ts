import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberCaller } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { reports } from "./schema";

const app = createApp();

const call = memberCaller(app);

describe("reporting a member (issue 12)", () => {
  it("stores the report with the conversation, and the reporter no longer sees the member", async () => {
    const [alice, bob] = [
      await createLoggedInMember(app, { paidUser: true, credits: 50 }),
      await createLoggedInMember(app),
    ];
    const opened = await call("POST", "/api/chat.php", bob.cookie, { profile: alice.profile.id });
    const { conversation } = await opened.json();
    const reported = await call("POST", "/api/report.php", alice.cookie, {
      profile: bob.profile.id,
      reason: "scam",
      note: "  Asked me for money. ",
      conversation,
    });
    expect(reported.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(reports).where(eq(reports.reporterUserId, alice.user.id));
    expect(row).toMatchObject({
      reportedUserId: bob.user.id,
      reason: "scam",
      note: "Asked me for money.",
      conversationId: conversation,
    });
    // Gone for the reporter (and, as with a block, the other way round).
    expect((await call("GET", `/api/profile.php?id=${bob.profile.id}`, alice.cookie)).status).toBe(
      200,
    );
    expect((await call("GET", `/api/profile.php?id=${alice.profile.id}`, bob.cookie)).status).toBe(
      404,
    );
    const search = await (await call("GET", "/api/search.php", alice.cookie)).json();
    expect(search.profiles.map((card: { id: number }) => card.id)).not.toContain(bob.profile.id);
    expect(
      (await call("POST", "/api/message.php", alice.cookie, { conversation, text: "hi" })).status,
    ).toBe(404);

    // One report per pair.
    const again = await call("POST", "/api/report.php", alice.cookie, {
      profile: bob.profile.id,
      reason: "spam",
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("already_reported");
  });

  it("attaches only the reporter's own conversation with that member", async () => {
    const [alice, bob, eve] = [
      await createLoggedInMember(app),
      await createLoggedInMember(app),
      await createLoggedInMember(app),
    ];
    const opened = await call("POST", "/api/chat.php", alice.cookie, { profile: bob.profile.id });
    const { conversation } = await opened.json();
    const foreign = await call("POST", "/api/report.php", eve.cookie, {
      profile: bob.profile.id,
      reason: "spam",
      conversation,
    });
    expect(foreign.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(reports).where(eq(reports.reporterUserId, eve.user.id))).toEqual(
      [],
    );
  });

  it("refuses bad input with a translated 422", async () => {
    const alice = await createLoggedInMember(app);
    const bob = await createLoggedInMember(app);
    const self = await call("POST", "/api/report.php", alice.cookie, {
      profile: alice.profile.id,
      reason: "spam",
    });
    expect(self.status).toBe(422);
    expect((await self.json()).error).toBe("cannot_report_self");
    const badReason = await call("POST", "/api/report.php", alice.cookie, {
      profile: bob.profile.id,
      reason: "boring",
    });
    expect(badReason.status).toBe(422);
    const longNote = await call("POST", "/api/report.php", alice.cookie, {
      profile: bob.profile.id,
      reason: "other",
      note: "x".repeat(1001),
    });
    expect(longNote.status).toBe(422);
    expect(
      (await call("POST", "/api/report.php", "", { profile: bob.profile.id, reason: "spam" }))
        .status,
    ).toBe(403);
  });
});
