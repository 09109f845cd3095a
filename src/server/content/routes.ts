import { createRoute } from "@hono/zod-openapi";
import { deleteCookie, setCookie } from "hono/cookie";
import { complaintBody, complaintReceipt, cookieConsentBody } from "../../contract/content";
import { ERRORS, errorResponses, jsonBody, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { clientAddress, enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { TRACKING_COOKIE } from "../lib/tracking";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE,
  createComplaint,
  recordCookieConsent,
} from "./service";

const complaintRoute = jsonRoute({
  method: "post",
  path: "/complaints.php",
  summary: "Send a complaint: stored and e-mailed to the site's support address",
  body: complaintBody,
  answer: [complaintReceipt, "Received, with its reference"],
  status: 201,
  errors: [...WRITE_ERRORS, ERRORS.rateLimited],
});

const consentRoute = createRoute({
  method: "post",
  path: "/cookie-consent.php",
  summary: "Record the cookie notice's answer; 'necessary' also drops the ad-source cookie",
  request: { body: jsonBody(cookieConsentBody) },
  responses: { 204: { description: "Recorded" }, ...errorResponses(WRITE_ERRORS) },
});

export const contentRoutes = createRouter()
  .openapi(complaintRoute, async (c) => {
    await enforceRateLimit(c, "complaintIp", clientAddress(c));
    const result = await createComplaint(c.get("db"), c.get("site"), c.req.valid("json"), {
      locale: c.get("locale"),
      userId: c.get("user")?.id ?? null,
    });
    return c.json(result, 201);
  })
  .openapi(consentRoute, async (c) => {
    const { choice } = c.req.valid("json");
    await recordCookieConsent(c.get("db"), c.get("site"), { choice }, c.get("user")?.id ?? null);
    const secure = c.get("client").isHttps;
    // Readable by the notice's script, so it is not shown again.
    setCookie(c, CONSENT_COOKIE, choice, {
      path: "/",
      maxAge: CONSENT_COOKIE_MAX_AGE,
      sameSite: "Lax",
      secure,
    });
    if (choice === "necessary") deleteCookie(c, TRACKING_COOKIE, { path: "/", secure });
    return c.body(null, 204);
  });
