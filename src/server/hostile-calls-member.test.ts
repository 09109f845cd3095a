import { describe, expect, it } from "vitest";
import { createHostileClient } from "../test/hostile";
import { findHostileProblems, readOperations } from "../test/hostile-requests";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createApp } from "./app";
import { getDb } from "./db/client";

/*
 * design §10: every call of the OpenAPI document, sent hostile values in every parameter and
 * body field, as a member (hostile-calls-visitor.test.ts: as a visitor), answers a 4xx in the
 * design §6 shape, never a 5xx.
 */

const app = createApp();
const { send } = createHostileClient(app);
const operations = await readOperations(app);

describe("every documented call, sent hostile values", () => {
  describe("as a member", () => {
    it.each(
      operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
    )(
      "%s: never a 5xx; every 4xx in the design §6 shape, translated",
      async (_, operation) => {
        const target = (await createTestMember(await getDb())).profile.id;
        // A member of their own per call: a call may end the session (logout, deletion).
        const { cookie } = await createLoggedInMember(app, { credits: 100 });
        expect(await findHostileProblems(send, operation, target, cookie)).toEqual([]);
      },
      120_000,
    );
  });
});
