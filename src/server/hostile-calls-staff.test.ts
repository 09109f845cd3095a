import { describe, expect, it } from "vitest";
import { createHostileClient } from "../test/hostile";
import { findHostileProblems, readOperations } from "../test/hostile-requests";
import { createTestMember } from "../test/members";
import { createTestStaff, currentTotp, STAFF_PASSWORD, staffLoginCall } from "../test/staff";
import { createApp } from "./app";
import { getDb } from "./db/client";

/*
 * design §10: every staff call of the OpenAPI document, sent hostile values in every parameter
 * and body field by a signed-in admin (who passes every permission, so the values reach the
 * validation and the services), answers a 4xx in the design §6 shape, never a 5xx.
 * hostile-calls-visitor/member.test.ts send them without a staff session.
 */

const app = createApp();
const { send } = createHostileClient(app);
const operations = (await readOperations(app)).filter(
  (operation) =>
    operation.path.startsWith("/api/staff/") &&
    // Signing in and out are about the session, not a staff member's work.
    !["/api/staff/login", "/api/staff/logout"].includes(operation.path),
);

/** An admin signed in, answering in German (the hostile client checks German messages). */
async function signedInAdmin(): Promise<string> {
  const staff = await createTestStaff("admin", { language: "de" });
  const login = await staffLoginCall(app, {
    email: staff.email,
    password: STAFF_PASSWORD,
    totp: currentTotp(staff),
  });
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

describe("every documented staff call, sent hostile values by an admin", () => {
  it.each(
    operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
  )(
    "%s: never a 5xx; every 4xx in the design §6 shape, translated",
    async (_, operation) => {
      const target = (await createTestMember(await getDb())).profile.id;
      expect(await findHostileProblems(send, operation, target, await signedInAdmin())).toEqual([]);
    },
    120_000,
  );
});
