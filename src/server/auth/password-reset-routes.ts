import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { errorResponse, errorResponses, jsonContent } from "../lib/openapi";
import { validationHook } from "../lib/validation";
import { getUserView } from "../users/service";
import { startSession } from "./cookie";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { passwordResetBody, passwordResetRequestBody, userResponse } from "./validation";

const requestRoute = createRoute({
  method: "post",
  path: "/password-reset.php",
  summary: "E-mail a link to set a new password (same answer for every address)",
  request: {
    body: { content: { "application/json": { schema: passwordResetRequestBody } }, required: true },
  },
  responses: {
    200: jsonContent(
      z.object({ status: z.literal("check_mail"), email: z.string() }),
      "Sent, if the address has an account",
    ),
    429: jsonContent(errorResponse, "Too many password reset emails sent"),
    ...errorResponses,
  },
});

const resetRoute = createRoute({
  method: "put",
  path: "/password-reset.php",
  summary: "Set the new password with the e-mailed token; logs in, ends other sessions",
  request: {
    body: { content: { "application/json": { schema: passwordResetBody } }, required: true },
  },
  responses: {
    200: jsonContent(userResponse, "The member, logged in"),
    400: jsonContent(errorResponse, "Link expired or invalid, request a new email"),
    ...errorResponses,
  },
});

export const passwordResetRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(requestRoute, async (c) => {
    const { email } = c.req.valid("json");
    await requestPasswordReset(c.var.db, c.var.site, email, {
      locale: c.var.locale,
      origin: c.var.site.origin,
    });
    return c.json({ status: "check_mail" as const, email }, 200);
  })
  .openapi(resetRoute, async (c) => {
    const { token, password } = c.req.valid("json");
    const user = await resetPassword(c.var.db, { token, password });
    await startSession(c, c.var.db, user.id);
    return c.json({ user: await getUserView(c.var.db, user, c.var.site) }, 200);
  });
