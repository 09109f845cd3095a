import { describe, expect, it } from "vitest";
import { createHostileClient, findProblem } from "../test/hostile";
import { findHostileProblems, readOperations } from "../test/hostile-requests";
import { createTestMember } from "../test/members";
import { createApp } from "./app";
import { getDb } from "./db/client";

/*
 * design §10: every call of the OpenAPI document, sent hostile values in every parameter and
 * body field, as a visitor (hostile-calls-member.test.ts: as a member), answers a 4xx in the
 * design §6 shape, never a 5xx.
 */

const app = createApp();
const { send } = createHostileClient(app);
const operations = await readOperations(app);

describe("every documented call, sent hostile values", () => {
  it("documents every call the API answers", () => {
    const documented = new Set(
      operations.map((operation) => `${operation.method} ${operation.path}`),
    );
    const answered = app.routes
      // Method ALL is middleware (body limits), not a call.
      .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
      .filter((route) => route.path !== "/api/openapi.json")
      // Hono writes a path parameter `:id`, the document `{id}`.
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    expect([...new Set(answered)].filter((call) => !documented.has(call))).toEqual([]);
    expect(operations.length).toBeGreaterThan(30);
  });

  describe("as a visitor", () => {
    it.each(
      operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
    )(
      "%s: never a 5xx; every 4xx in the design §6 shape, translated",
      async (_, operation) => {
        const target = (await createTestMember(await getDb())).profile.id;
        expect(await findHostileProblems(send, operation, target, undefined)).toEqual([]);
      },
      120_000,
    );
  });

  it.each([
    "/api/%ZZ",
    "/api/profile.php%00",
    "/api/profile.php/2147483648",
    "/media/%ZZ",
    "/media/p/..%2F..%2Fetc%2Fpasswd",
    "/media/p/%00.webp",
  ])("answers the path %s with a 404 in the design §6 shape", async (path) => {
    const response = await send(path);
    expect(response.status).toBe(404);
    expect(await findProblem(response)).toBeNull();
  });
});
