import { createContext } from "astro/middleware";
import { beforeAll, describe, expect, it } from "vitest";
import { onRequest } from "../../middleware";
import { createLoggedInMember } from "../../test/members";
import { recordQueries } from "../../test/queries";
import { createSignedInStaff } from "../../test/staff";
import { createApp } from "../app";
import { getEnv } from "../lib/env";
import { getReadyDb } from "../startup";

/*
 * design §13: the console's page pipeline (src/middleware.ts → staff/page-context.ts). Only the
 * staff origin's host has a console; the member `auth` cookie is never read there.
 */
const app = createApp();
const staffHost = new URL(getEnv().STAFF_ORIGIN ?? getEnv().AMORA_ORIGIN).host;

beforeAll(async () => {
  await getReadyDb();
});

async function requestPage(path: string, options: { host?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { host: options.host ?? staffHost };
  if (options.cookie) headers.cookie = options.cookie;
  const context = createContext({
    request: new Request(`http://${headers.host}${path}`, { headers }),
    defaultLocale: "en",
    locals: {} as App.Locals,
    clientAddress: "192.0.2.7",
  });
  let reached = false;
  let response: Response | undefined;
  const statements = await recordQueries(async () => {
    const answer = await onRequest(context, async () => {
      reached = true;
      return new Response("page");
    });
    response = answer instanceof Response ? answer : undefined;
  });
  if (!response) throw new Error("no response");
  return { response, reached, locals: context.locals, statements };
}

describe("the console's page pipeline", () => {
  it("answers 404 on a host other than the staff origin's, without rendering the page", async () => {
    for (const path of ["/staff", "/staff/login", "/staff/members/1"]) {
      const { response, reached } = await requestPage(path, { host: "other.example" });
      expect(response.status).toBe(404);
      expect(reached).toBe(false);
    }
  });

  it("ignores a member's auth cookie: no member and no statement about them", async () => {
    const { cookie } = await createLoggedInMember(app, { language: "fi" });
    const { response, locals, statements } = await requestPage("/staff/login", { cookie });
    expect(response.status).toBe(200);
    expect(statements).toEqual([]);
    expect(locals).toMatchObject({ user: null, viewer: null, member: null, staff: null });
    expect(locals.locale).not.toBe("fi");
  });

  it("puts the signed-in staff member on the locals, in their language", async () => {
    const staff = await createSignedInStaff(app, "support", { language: "de" });
    const { response, locals } = await requestPage("/staff", { cookie: staff.cookie });
    expect(locals.staff?.account.id).toBe(staff.id);
    expect(locals.locale).toBe("de");
    expect(locals.member).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("has no staff member for a forged staff cookie", async () => {
    const { locals } = await requestPage("/staff", { cookie: "staff=forged" });
    expect(locals.staff).toBeNull();
  });
});
