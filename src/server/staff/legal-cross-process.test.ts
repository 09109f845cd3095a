import { get } from "node:http";
import { describe, expect, it } from "vitest";
import type { LegalTextAnswer } from "../../contract/staff-legal";
import { onPostgres, startSecondProcess } from "../../test/second-process";
import { createSignedInStaff, staffCall } from "../../test/staff";
import { createApp } from "../app";
import { staffHost } from "./origin";

/*
 * Issue 28 item 5 (decision 0013): an editor's save reaches the rendered-text cache of another
 * app process within a second, and so does a revert. This test process is one app process, a
 * child (src/test/serve-api.ts) the other, on one PostgreSQL (as events/cross-process.test.ts).
 * CI runs it against PostgreSQL (`.ci/run`); the embedded database has one process, so there it
 * is skipped (legal-routes.test.ts covers the cache within one process).
 */
const app = createApp();
const second = startSecondProcess();

describe.skipIf(!onPostgres)("legal texts across app processes (PostgreSQL)", () => {
  it("serves a save and a revert on the other process within a second", async () => {
    const editor = await createSignedInStaff(app, "editor");
    const path = "/api/staff/legal/amora/sv/cookies";
    // The staff side answers on its own host alone (fetch may not set Host).
    const served = () =>
      new Promise<LegalTextAnswer["served"]>((resolve, reject) => {
        const headers = { cookie: editor.cookie, host: staffHost() };
        get(`${second.origin}${path}`, { headers }, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => {
            if (response.statusCode !== 200) reject(new Error(`${response.statusCode} ${body}`));
            else resolve((JSON.parse(body) as LegalTextAnswer).served);
          });
        }).on("error", reject);
      });
    const within = async (expected: LegalTextAnswer["served"]) => {
      const deadline = Date.now() + 1_000;
      let now = await served();
      while (now !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = await served();
      }
      expect(now).toBe(expected);
    };
    // The other process has read the default and keeps it in memory.
    expect(await served()).toBe("default");
    expect(await served()).toBe("default");

    const { default_markdown: markdown } = (await (
      await staffCall(app, "GET", path, editor.cookie)
    ).json()) as LegalTextAnswer;
    const edited = markdown.replace(/\n---\n/, "\n---\n\nUppdaterad text.\n");
    expect((await staffCall(app, "PUT", path, editor.cookie, { markdown: edited })).status).toBe(
      200,
    );
    await within("override");

    expect((await staffCall(app, "DELETE", path, editor.cookie)).status).toBe(200);
    await within("default");
  });
});
