import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { getStorage } from "../lib/storage";
import { createFixtureMembers, createFixtureStaff, reserveEmptyRegion } from "./service";
import {
  fixtureMember,
  fixtureMembersBody,
  fixtureRegion,
  fixtureStaff,
  fixtureStaffBody,
} from "./validation";

const membersRoute = createRoute({
  method: "post",
  path: "/members.php",
  summary: "Browser tests only (TEST_FIXTURES): create members with photos, credits and likes",
  tags: ["test fixtures"],
  request: { body: jsonBody(fixtureMembersBody) },
  responses: {
    201: jsonContent(z.object({ members: z.array(fixtureMember) }), "The new members"),
    ...errorResponses,
  },
});

const regionsRoute = createRoute({
  method: "post",
  path: "/regions.php",
  summary: "Browser tests only (TEST_FIXTURES): reserve a region where no member lives",
  tags: ["test fixtures"],
  responses: {
    201: jsonContent(fixtureRegion, "A region of the default site's countries, for this test"),
  },
});

const staffRoute = createRoute({
  method: "post",
  path: "/staff.php",
  summary: "Browser tests only (TEST_FIXTURES): a staff account with a known TOTP secret",
  tags: ["test fixtures"],
  request: { body: jsonBody(fixtureStaffBody) },
  responses: {
    201: jsonContent(fixtureStaff, "The staff account, its password and TOTP secret"),
    ...errorResponses,
  },
});

/**
 * The fixture API the browser tests build their data with (tests/e2e/fixtures.ts). Mounted at
 * /api/test only when TEST_FIXTURES is on, which the env schema refuses in production and with
 * SMTP (design §10: development aids fail closed).
 */
export const testingRoutes = createRouter()
  .openapi(membersRoute, async (c) => {
    const members = await createFixtureMembers(c.get("db"), getStorage(), c.req.valid("json"));
    return c.json({ members }, 201);
  })
  .openapi(staffRoute, async (c) => {
    return c.json(await createFixtureStaff(c.get("db"), c.req.valid("json")), 201);
  })
  .openapi(regionsRoute, async (c) => {
    return c.json(await reserveEmptyRegion(c.get("db"), c.get("locale")), 201);
  });
