import { describe, expect, it } from "vitest";
import { createLoggedInMember } from "../../test/members";
import { onPostgres, startSecondProcess } from "../../test/second-process";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";

/*
 * design §13, issue 27: a ban ends a session held by another app process at once, and sends
 * that process's open page of the member to the ban page. This test process is one app
 * process, a child (src/test/serve-api.ts) the other, on one PostgreSQL (as
 * events/cross-process.test.ts). CI runs it in the API suite against PostgreSQL (`.ci/run`);
 * the embedded database has one process, so there it is skipped (effects.test.ts covers the
 * same within one process).
 */
const app = createApp();
const second = startSecondProcess();

describe.skipIf(!onPostgres)("a ban across app processes (PostgreSQL)", () => {
  it("ends the member's session and stream held by the other process", async () => {
    const member = await createLoggedInMember(app, { language: "nl" });
    const moderator = await createSignedInStaff(app, "moderator");
    const other = (path: string) =>
      fetch(`${second.origin}${path}`, { headers: { cookie: member.cookie } });

    // The other process knows the session (and keeps it in its session cache) ...
    expect((await other("/api/user.php")).status).toBe(200);
    expect((await other("/api/user.php")).status).toBe(200);
    // ... and holds the member's open page's stream.
    const stream = await other("/api/events.php");
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += decoder.decode(value, { stream: true });
      }
      return true;
    };
    expect(await readUntil("event: ready")).toBe(true);

    // The ban goes through this process.
    const banned = await staffCall(
      app,
      "POST",
      `/api/staff/members/${member.user.id}/ban`,
      moderator.cookie,
      { reason: "Scam" },
    );
    expect(banned.status).toBe(200);

    expect(await readUntil("event: sanction")).toBe(true);
    expect(text).toMatch(/event: sanction\ndata: .*"url":"\/nl\/ban"/);
    // The other process ends the stream after it.
    expect(await readUntil("the stream never says this")).toBe(false);
    const after = await other("/api/user.php");
    expect(after.status).toBe(403);
    expect((await after.json()).error).toBe("authentication_required");
  });
});
