import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { loginBody, updateUserBody } from "../../contract/auth";
import { okAnswer } from "../../contract/common";
import { userResponse } from "../../contract/users";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS, WRITE_ERRORS } from "../lib/openapi";
import { socketClientAddress } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { getUserView, toUserView } from "../members/user-view";
import { markMemberActive } from "../profiles/activity";
import type { AppEnv } from "../request/context";
import { isSameOriginRequest } from "../request/origin-check";
import { updateUserLanguage } from "../users/service";
import { clearSessionCookie, setSessionCookie } from "./cookie";
import { login } from "./service";
import { invalidateSession } from "./session";

const loginRoute = jsonRoute({
  method: "post",
  path: "/user.php",
  summary: "Log in (spec §7); sets the 30-day auth cookie",
  body: loginBody,
  answer: [userResponse, "The member, now logged in"],
  errors: [
    ...WRITE_ERRORS,
    ERRORS.credentials,
    { 409: "pending_deletion: the account is pending deletion (reactivate first)" },
    {
      403: "account_banned: staff banned the account (the ban page says why); account_suspended: suspended until the date the message gives",
    },
  ],
});

const currentUserRoute = jsonRoute({
  method: "get",
  path: "/user.php",
  summary: "The logged-in member (spec §7); the client sends X-Request-Type: client",
  headers: z.object({ "x-request-type": z.literal("client").optional() }),
  answer: [userResponse, "The member"],
  errors: [ERRORS.loggedOut, ERRORS.invalid],
});

const updateUserRoute = jsonRoute({
  method: "put",
  path: "/user.php",
  summary: "Update the member's language after a locale switch (spec §4)",
  body: updateUserBody,
  answer: [userResponse, "The updated member"],
  errors: MEMBER_WRITE_ERRORS,
});

const logoutRoute = jsonRoute({
  method: "get",
  path: "/logout.php",
  summary: "Log out (spec §7) from a page of this site or a typed address; others get 403",
  answer: [okAnswer, "Logged out"],
  redirect: "Redirect home, for a browser navigation",
  errors: [{ 403: "forbidden_origin: sent from another site; the session stays" }],
});

const logoutPostRoute = jsonRoute({
  method: "post",
  path: "/logout.php",
  summary: "Log out; what the client and the account menu's form use (origin-checked write)",
  answer: [okAnswer, "Logged out"],
  redirect: "Redirect home, for a browser's form post",
  errors: [ERRORS.crossSite],
});

/** Ends the session; a browser navigation or form post is sent home. */
async function logOut(c: Context<AppEnv>) {
  const session = c.get("session");
  if (session) await invalidateSession(c.get("db"), session.id);
  clearSessionCookie(c);
  if (c.req.header("accept")?.includes("text/html")) return c.redirect("/", 303);
  return c.json({ ok: true as const }, 200);
}

export const authRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const result = await login(c.get("db"), c.req.valid("json"), {
      address: socketClientAddress(c),
      locale: c.get("locale"),
    });
    const previous = c.get("session");
    if (previous) await invalidateSession(c.get("db"), previous.id);
    setSessionCookie(c, result.token);
    return c.json({ user: await getUserView(c.get("db"), result.user, c.get("site")) }, 200);
  })
  .openapi(currentUserRoute, async (c) => {
    // The session's statement brought the profile and main photo: no other statement is needed.
    const { user, userViewProfile } = requireMember(c);
    // The client's periodic refresh (spec §9) marks the member as active.
    if (c.req.valid("header")["x-request-type"] === "client") {
      await markMemberActive(c.get("db"), user.id);
    }
    return c.json({ user: toUserView(user, userViewProfile, c.get("site")) }, 200);
  })
  .openapi(updateUserRoute, async (c) => {
    const { user, userViewProfile } = requireMember(c);
    const { language } = c.req.valid("json");
    await updateUserLanguage(c.get("db"), user.id, language);
    return c.json({ user: toUserView({ ...user, language }, userViewProfile, c.get("site")) }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    // A link or embed on another site must not log the member out (a GET passes the origin
    // check of writes); our own client posts instead.
    if (!isSameOriginRequest(c.req.raw.headers)) {
      return c.json(
        { error: "forbidden_origin", message: c.get("t")("error.logoutCrossSite") },
        403,
      );
    }
    return logOut(c);
  })
  .openapi(logoutPostRoute, (c) => logOut(c));
