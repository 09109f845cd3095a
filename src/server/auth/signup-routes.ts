import { getCookie } from "hono/cookie";
import { resendActivationBody, signupBody } from "../../contract/auth";
import { checkMailAnswer } from "../../contract/common";
import { sendSignupMessage } from "../chat/signup-message";
import { ERRORS, jsonRoute, redirectRoute, WRITE_ERRORS } from "../lib/openapi";
import { clientAddress, enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { parseTrackingCookie, TRACKING_COOKIE } from "../lib/tracking";
import { getSiteById } from "../sites/registry";
import { getPublicSettings, readGeoipCountry } from "../sites/service";
import { startSession } from "./cookie";
import { activateAccount, resendActivation, signUp } from "./signup";
import { activationQuery } from "./validation";

const signupRoute = jsonRoute({
  method: "post",
  path: "/signup.php",
  summary: "Sign up (spec §2, §5); the activation link goes by e-mail",
  body: signupBody,
  answer: [checkMailAnswer, "Account created, or the address already had one"],
  status: 201,
  errors: [
    ...WRITE_ERRORS,
    {
      403: "signups_closed: the site takes no signups from this visitor (invite only); email_banned: the address belongs to a banned member",
    },
    ERRORS.rateLimited,
  ],
});

const resendRoute = jsonRoute({
  method: "post",
  path: "/activation.php",
  summary: "Send the activation link again (same answer for every address)",
  body: resendActivationBody,
  answer: [checkMailAnswer, "Sent, if the address has an unconfirmed account"],
  errors: [...WRITE_ERRORS, ERRORS.rateLimited],
});

const activateRoute = redirectRoute({
  path: "/activate.php",
  summary: "The link of the activation e-mail: confirms, logs in, redirects (spec §4)",
  query: activationQuery,
  redirect: "To /activate/done, or /activate/error",
  errors: [],
});

export const signupRoutes = createRouter()
  .openapi(signupRoute, async (c) => {
    await enforceRateLimit(c, "signupIp", clientAddress(c));
    const body = c.req.valid("json");
    const locale = body.language ?? c.get("locale");
    const settings = getPublicSettings(c.get("site"), {
      locale,
      geoipCountry: readGeoipCountry(c.req.raw.headers),
    });
    const result = await signUp(c.get("db"), c.get("site"), body, {
      locale,
      tracking: parseTrackingCookie(getCookie(c, TRACKING_COOKIE)),
      country: settings.geoip_selected_country,
      origin: c.get("site").origin,
    });
    return c.json({ status: "check_mail" as const, email: result.email }, 201);
  })
  .openapi(resendRoute, async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimit(c, "activationResend", email.toLowerCase());
    await resendActivation(c.get("db"), c.get("site"), email, {
      locale: c.get("locale"),
      origin: c.get("site").origin,
    });
    return c.json({ status: "check_mail" as const, email }, 200);
  })
  .openapi(
    activateRoute,
    async (c) => {
      const user = await activateAccount(c.get("db"), c.req.valid("query").token);
      if (!user) return c.redirect("/activate/error", 303);
      // spec §3: the first message written at signup goes out now that the address is confirmed.
      await sendSignupMessage(c.get("db"), getSiteById(user.siteId), user.id);
      // The link proves the address: the member is logged in on this device (new token).
      await startSession(c, c.get("db"), user.id);
      return c.redirect("/activate/done", 303);
    },
    // A mangled link is still a link a person clicked: show the error page, not JSON.
    (result, c) => (result.success ? undefined : c.redirect("/activate/error", 303)),
  );
