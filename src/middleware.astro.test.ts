import { createContext } from "astro/middleware";
import { beforeAll, describe, expect, it } from "vitest";
import { onRequest } from "./middleware";
import { createApp } from "./server/app";
import { getReadyDb } from "./server/startup";
import { createLoggedInMember } from "./test/members";
import { recordQueries } from "./test/queries";

/*
 * The page pipeline (src/middleware.ts) run through Astro's own middleware context: the member,
 * their viewer and the shell's user view come from the session's one statement (ARCHITECTURE.md, the request path).
 */
const app = createApp();

beforeAll(async () => {
  await getReadyDb();
});

/** Runs the middleware for a page request; answers its locals, cookies and statements. */
async function requestPage(cookie?: string, path = "/members") {
  const context = createContext({
    request: new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }),
    defaultLocale: "en",
    locals: {} as App.Locals,
    clientAddress: "192.0.2.1",
  });
  let status = 0;
  let rendered: string | null = null;
  const statements = await recordQueries(async () => {
    const response = await onRequest(context, async (rewrite) => {
      rendered = rewrite === undefined ? path : new URL(String(rewrite)).pathname;
      return new Response("page");
    });
    status = response instanceof Response ? response.status : 0;
  });
  return {
    status,
    rendered,
    locals: context.locals,
    setCookies: [...context.cookies.headers()],
    statements,
  };
}

describe("the page middleware", () => {
  it("resolves a member, their viewer and the shell's user view in one statement", async () => {
    const { cookie, user, profile } = await createLoggedInMember(app, { photoCount: 1 });
    const { status, locals, statements } = await requestPage(cookie);
    expect(status).toBe(200);
    expect(statements).toHaveLength(1);
    expect(locals.user?.id).toBe(user.id);
    // The member's blocks, either way, come in the same statement (none yet).
    expect(locals.viewer).toEqual({
      userId: user.id,
      profileId: profile.id,
      isPremium: false,
      blockedWith: [],
    });
    expect(locals.member?.profile).toMatchObject({
      id: profile.id,
      main_image: { id: profile.mainPhotoId },
    });
  });

  it("sends no statement for a visitor", async () => {
    const { locals, statements } = await requestPage();
    expect(statements).toEqual([]);
    expect(locals).toMatchObject({ user: null, viewer: null, member: null });
  });

  it("takes the page's language from the member", async () => {
    const { cookie } = await createLoggedInMember(app, { language: "fi" });
    const { locals } = await requestPage(cookie);
    expect(locals.locale).toBe("fi");
    expect(locals.member?.language).toBe("fi");
  });

  it("removes an auth cookie that names no session", async () => {
    const { locals, setCookies } = await requestPage("auth=forged");
    expect(locals.user).toBeNull();
    expect(setCookies).toContainEqual(
      expect.stringMatching(/^auth=deleted; Path=\/; Expires=Thu, 01 Jan 1970/),
    );
  });

  it("renders /{locale}/signup as the signup page in that language, and keeps it (issue 29 item 1)", async () => {
    const german = await requestPage(undefined, "/de/signup");
    expect(german.rendered).toBe("/signup");
    expect(german.locals.locale).toBe("de");
    expect(german.setCookies).toContainEqual(
      expect.stringMatching(/^locale=de; Max-Age=31536000; Path=\/; SameSite=Lax/),
    );
    // A member's own language gives way to the link's, on this device.
    const { cookie } = await createLoggedInMember(app, { language: "fi" });
    const polish = await requestPage(`${cookie}; locale=fi`, "/pl/members");
    expect(polish.rendered).toBe("/members");
    expect(polish.locals.locale).toBe("pl");
    expect(polish.setCookies).toContainEqual(expect.stringMatching(/^locale=pl;/));
    // An unprefixed page leaves the language as it was.
    const plain = await requestPage("locale=pl", "/members");
    expect(plain.rendered).toBe("/members");
    expect(plain.locals.locale).toBe("pl");
    expect(plain.setCookies).not.toContainEqual(expect.stringMatching(/^locale=/));
  });
});
