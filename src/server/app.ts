import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { getPath } from "hono/utils/url";
import { deletionRoutes } from "./account/deletion-routes";
import { accountRoutes } from "./account/routes";
import { passwordResetRoutes } from "./auth/password-reset-routes";
import { authRoutes } from "./auth/routes";
import { signupRoutes } from "./auth/signup-routes";
import { blockRoutes } from "./blocks/routes";
import { chatRoutes } from "./chat/routes";
import { contentRoutes } from "./content/routes";
import { discoveryRoutes } from "./discovery/routes";
import { eventRoutes } from "./events/routes";
import { geoRoutes } from "./geo/routes";
import { getEnv } from "./lib/env";
import { ApiError, ValidationError } from "./lib/errors";
import { getTranslate } from "./lib/i18n";
import { logOutage, OUTAGE_MESSAGES, outageOf } from "./lib/outage";
import { createRouter } from "./lib/router";
import { likeRoutes } from "./likes/routes";
import { memberRoutes } from "./members/routes";
import { staffMetricsRoutes } from "./metrics/routes";
import { moderationRoutes } from "./moderation/routes";
import { paymentRoutes } from "./payments/routes";
import { mediaRoutes, photoRoutes } from "./photos/routes";
import { profileRoutes } from "./profiles/routes";
import { createProviders, type Providers } from "./providers";
import { PUSH_SUBSCRIPTION_PATH, pushRoutes } from "./push/routes";
import { reportQueueRoutes } from "./reports/queue-routes";
import { reportRoutes } from "./reports/routes";
import { requestBodyLimit } from "./request/body-limit";
import type { AppEnv } from "./request/context";
import { idempotency } from "./request/idempotency";
import { originCheck } from "./request/origin-check";
import { mediaRequestContext, requestContext } from "./request/request-context";
import { resolveRequest } from "./request/visitor";
import { searchRoutes } from "./search/routes";
import { siteRoutes } from "./sites/routes";
import { staffContext } from "./staff/context";
import { staffDiscountRoutes } from "./staff/discount-routes";
import { staffInboxRoutes } from "./staff/inbox-routes";
import { staffLegalRoutes } from "./staff/legal-routes";
import { staffPhotoRoutes } from "./staff/photo-routes";
import { staffRoutes } from "./staff/routes";
import { staffSafetyRoutes } from "./staff/safety-routes";
import { staffSettingsRoutes } from "./staff/settings-routes";
import { supportRoutes } from "./support/routes";
import { testingRoutes } from "./testing/routes";

export type AppOptions = {
  /** The browser tests' fixture API at /api/test (default: the TEST_FIXTURES setting). */
  testFixtures?: boolean;
  /**
   * The payment and SMS providers the routes work through (default: those the settings name,
   * createProviders). The server passes the ones it also gives its job runner; tests pass
   * stand-ins.
   */
  providers?: Providers;
};

/** The JSON API under /api (design §6), one router per feature; its registry is the contract. */
export function createApi(options: AppOptions = {}) {
  const api = createRouter();
  // API answers are per member and per language: never stored by shared caches.
  api.use("*", async (c, next) => {
    await next();
    // A route may allow caching (regions, interests, geocode); everything else is no-store.
    // Set on the answer's own headers: `c.header()` after the answer is made copies it into a
    // new Response, which @hono/node-server then sends by its slow path (bench: a tenth of
    // GET /api/user.php's time). The answers of our routes have mutable headers.
    const { headers } = c.res;
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
    // accept-encoding: the server compresses answers of a kilobyte or more (lib/compress-answer).
    headers.set("vary", "cookie, accept-language, accept-encoding");
  });
  api.route("/", authRoutes);
  api.route("/", signupRoutes);
  api.route("/", passwordResetRoutes);
  api.route("/", accountRoutes);
  api.route("/", deletionRoutes);
  api.route("/", siteRoutes);
  api.route("/", searchRoutes);
  api.route("/", memberRoutes);
  api.route("/", profileRoutes);
  api.route("/", contentRoutes);
  api.route("/", geoRoutes);
  api.route("/", photoRoutes);
  api.route("/", blockRoutes);
  api.route("/", likeRoutes);
  api.route("/", discoveryRoutes);
  api.route("/", chatRoutes);
  api.route("/", eventRoutes);
  api.route("/", reportRoutes);
  api.route("/", pushRoutes);
  api.route("/", paymentRoutes);
  api.route("/", staffRoutes);
  api.route("/", supportRoutes);
  api.route("/", staffSafetyRoutes);
  api.route("/", staffPhotoRoutes);
  api.route("/", staffLegalRoutes);
  api.route("/", staffDiscountRoutes);
  api.route("/", staffMetricsRoutes);
  api.route("/", staffSettingsRoutes);
  api.route("/", staffInboxRoutes);
  api.route("/", reportQueueRoutes);
  api.route("/", moderationRoutes);
  // Off (the default), /api/test/… is a plain 404 and not in the document.
  if (options.testFixtures ?? getEnv().TEST_FIXTURES) api.route("/test", testingRoutes);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Amora API", version: "1.0.0", description: "See ARCHITECTURE.md" },
    // Paths are relative to the mount point. A relative server URL resolves against the host the
    // document was fetched from, so one document serves every site of the deployment.
    servers: [{ url: "/api" }],
  });
  return api;
}

/**
 * The path the router sees: the request's, except for the one call spec §7 tells apart by its
 * query, POST /api/user.php?push=1 (and its DELETE), which goes to the push subscription route.
 */
function routingPath(request: Request): string {
  const path = getPath(request);
  if (path === "/api/user.php" && request.method !== "GET" && /[?&]push=/.test(request.url)) {
    return `/api${PUSH_SUBSCRIPTION_PATH}`;
  }
  return path;
}

/**
 * The whole server pipeline for /api and /media. Middleware order matters:
 * 1. secure headers first, so every answer (errors too) carries them;
 * 2. the request context before anything that needs the site, member or language: for /api the
 *    database-backed one (the member's session); for /media the request alone, as a signed URL
 *    is the whole permission there (design §8) and serving a file must not wait on the database;
 *    for /api/staff the staff session instead of the member's (design §13), 403 without one;
 * 3. the body limit before anything reads a body, after the context (its message is translated);
 * 4. originCheck before any write runs, and it needs the language for its message;
 * 5. idempotency after the session is known (keys are scoped per member, or per site for
 *    visitors) and before routes; it reads the whole body, so it comes after the body limit.
 */
export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: "same-origin",
    }),
  );
  app.use("/api/*", requestContext(options.providers ?? createProviders(getEnv())));
  app.use("/api/staff/*", staffContext());
  app.use("/media/*", mediaRequestContext());
  app.use("/api/*", requestBodyLimit());
  app.use("/api/*", originCheck());
  app.use("/api/*", idempotency());
  app.route("/api", createApi(options));
  app.route("/media", mediaRoutes);

  app.notFound((c) => {
    const t = c.get("t") ?? getTranslate("en");
    return c.json({ error: "not_found", message: t("error.apiNotFound") }, 404);
  });
  app.onError((error, c) => {
    // A failure before the visitor was resolved (the database away) is answered in the language
    // the request itself asks for.
    const t = c.get("t") ?? resolveRequest({ request: c.req.raw }).t;
    if (error instanceof ValidationError) {
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([name, field]) => [name, t(field.key, field.params)]),
      );
      return c.json({ error: "validation", fields }, 422);
    }
    if (error instanceof ApiError) {
      const translate = error.locale ? getTranslate(error.locale) : t;
      return c.json(
        { error: error.code, message: translate(error.messageKey, error.params) },
        error.status,
      );
    }
    // Hono's own refusals before a route runs: malformed JSON or form data (400), a body in a
    // type the call does not take (415).
    if (error instanceof HTTPException && error.status < 500) {
      return error.status === 415
        ? c.json({ error: "unsupported_media_type", message: t("error.unsupportedMediaType") }, 415)
        : c.json({ error: "bad_request", message: t("error.badRequest") }, error.status);
    }
    const outage = outageOf(error);
    if (outage) {
      logOutage(outage, error);
      // The browser client waits out a Retry-After of up to 5 s and retries (src/lib/api-client):
      // the database is usually back within that; a full disk is not, and the member is told.
      return c.json({ error: outage, message: t(OUTAGE_MESSAGES[outage]) }, 503, {
        "retry-after": outage === "database_unavailable" ? "1" : "60",
      });
    }
    console.error(error);
    return c.json({ error: "internal", message: t("error.generic") }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
