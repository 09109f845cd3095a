import { get } from "node:http";
import { describe, expect, it } from "vitest";
import type { PublicSettings } from "../../contract/sites";
import { onPostgres, startSecondProcess } from "../../test/second-process";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";

/*
 * Issue 28 item 2: an admin's change of a site's settings reaches another app process, and its
 * /api/settings.php, within a second. This test process is one app process, a child
 * (src/test/serve-api.ts) the other, on one PostgreSQL (as legal-cross-process.test.ts). CI runs
 * it against PostgreSQL (`.ci/run`); the embedded database has one process, so there it is
 * skipped (settings-routes.test.ts covers the change within one process).
 */
const app = createApp();
const second = startSecondProcess();

/** The other process's /api/settings.php for Herzklopfen (fetch may not set Host). */
function settingsThere(): Promise<PublicSettings> {
  return new Promise((resolve, reject) => {
    get(`${second.origin}/api/settings.php`, { headers: { host: "127.0.0.1" } }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${response.statusCode} ${body}`));
        else resolve(JSON.parse(body) as PublicSettings);
      });
    }).on("error", reject);
  });
}

async function within(expected: Partial<PublicSettings>): Promise<void> {
  const deadline = Date.now() + 1_000;
  let now = await settingsThere();
  while (!matches(now, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = await settingsThere();
  }
  expect(now).toMatchObject(expected);
}

function matches(settings: PublicSettings, expected: Partial<PublicSettings>): boolean {
  return Object.entries(expected).every(
    ([key, value]) =>
      JSON.stringify(settings[key as keyof PublicSettings]) === JSON.stringify(value),
  );
}

describe.skipIf(!onPostgres)("site settings across app processes (PostgreSQL)", () => {
  it("serves a change and its undoing on the other process within a second", async () => {
    const admin = await createSignedInStaff(app, "admin");
    const path = "/api/staff/sites/herzklopfen/settings";
    await within({ message_credits: 10, signups: "with_trafficsource" });

    const change: Partial<PublicSettings> = {
      message_credits: 13,
      signups: "all",
      support_email: "team@herz.example",
    };
    expect((await staffCall(app, "PUT", path, admin.cookie, change)).status).toBe(200);
    await within(change);

    const undo: Partial<PublicSettings> = { message_credits: 10, signups: "with_trafficsource" };
    expect((await staffCall(app, "PUT", path, admin.cookie, undo)).status).toBe(200);
    await within({ ...undo, support_email: "team@herz.example" });
  });
});
