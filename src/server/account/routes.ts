import { z } from "@hono/zod-openapi";
import { emailChangeBody, passwordChangeBody, settingsUpdateBody } from "../../contract/account";
import { checkMailAnswer, okAnswer } from "../../contract/common";
import { memberExport, memberSettings } from "../../contract/users";
import { getEnv } from "../lib/env";
import { ApiError, notFound } from "../lib/errors";
import {
  ERRORS,
  emailLinkRoute,
  jsonRoute,
  MEMBER_WRITE_ERRORS,
  WRITE_ERRORS,
} from "../lib/openapi";
import { createRouter, requireMember } from "../lib/router";
import { requestEmailChange } from "./email-change";
import { exportMemberData } from "./export";
import { isMailWebhookAuthorized, mailEventsBody, recordMailEvents } from "./mail-events";
import { unsubscribe } from "./notification-mail";
import { changePassword, getMemberSettings, updateMemberSettings } from "./settings";

const getSettingsRoute = jsonRoute({
  method: "get",
  path: "/notifications.php",
  summary: "The member's settings: notification opt-outs, invisible mode, e-mail delivery state",
  answer: [memberSettings, "Settings"],
  errors: [ERRORS.loggedOut],
});

const updateSettingsRoute = jsonRoute({
  method: "put",
  path: "/notifications.php",
  summary: "Change notification opt-outs, invisible mode, or turn e-mail back on",
  body: settingsUpdateBody,
  answer: [memberSettings, "Settings"],
  errors: MEMBER_WRITE_ERRORS,
});

const passwordRoute = jsonRoute({
  method: "put",
  path: "/password.php",
  summary: "Change the password; other sessions end",
  body: passwordChangeBody,
  answer: [okAnswer, "Changed"],
  errors: MEMBER_WRITE_ERRORS,
});

const emailChangeRoute = jsonRoute({
  method: "post",
  path: "/mail-change.php",
  summary:
    "Send a confirmation link to a new e-mail address (spec §2 Settings); confirmed members only. A taken address gets the same answer, and its owner a notice instead (design §10)",
  body: emailChangeBody,
  answer: [checkMailAnswer, "Link sent to the new address"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    {
      403: "email_unconfirmed: the member's own address is not confirmed yet; email_banned: the new address belongs to a banned member",
    },
    ERRORS.rateLimited,
  ],
});

const exportRoute = jsonRoute({
  method: "get",
  path: "/export.php",
  summary: "Download everything stored about the member, as JSON",
  answer: [memberExport, "The data"],
  errors: [ERRORS.loggedOut],
});

const unsubscribeRoute = jsonRoute({
  method: "post",
  path: "/unsubscribe.php",
  summary: "One-click unsubscribe of notification e-mails (RFC 8058 List-Unsubscribe-Post)",
  query: z.object({ token: z.string().min(10).max(100) }),
  answer: [okAnswer, "Unsubscribed"],
  errors: [...WRITE_ERRORS, { 404: "not_found: unknown or expired link" }],
});

const unsubscribeLinkRoute = emailLinkRoute(
  "/unsubscribe.php",
  "The unsubscribe link opened in a browser: shows the e-mail settings",
  "To the settings, where e-mail can be switched off",
);

const mailEventsRoute = jsonRoute({
  method: "post",
  path: "/mail-events.php",
  summary:
    "issue 29 item 14: the mail provider's bounce and spam-complaint webhook (HTTP Basic, the password MAIL_WEBHOOK_SECRET). A hard bounce or a complaint switches e-mail to the member off (spec §4 reasons bounce, fbl); a soft bounce changes nothing. Answers how many members it switched off; 404 while no secret is configured",
  body: mailEventsBody,
  answer: [z.object({ ok: z.literal(true), disabled: z.number().int() }), "Taken"],
  errors: [
    ...WRITE_ERRORS,
    { 401: "unauthorized: missing or wrong credentials" },
    { 404: "not_found: the webhook is not configured" },
  ],
});

export const accountRoutes = createRouter()
  .openapi(mailEventsRoute, async (c) => {
    const secret = getEnv().MAIL_WEBHOOK_SECRET;
    if (!secret) throw notFound();
    if (!isMailWebhookAuthorized(c.req.header("authorization"), secret)) {
      c.header("www-authenticate", 'Basic realm="mail-events"');
      throw new ApiError(401, "unauthorized", "error.unauthorized");
    }
    const disabled = await recordMailEvents(c.get("db"), c.req.valid("json"));
    return c.json({ ok: true as const, disabled }, 200);
  })
  .openapi(unsubscribeRoute, async (c) => {
    if (!(await unsubscribe(c.get("db"), c.req.valid("query").token))) throw notFound();
    return c.json({ ok: true as const }, 200);
  })
  // A GET must not unsubscribe: mail scanners follow links (RFC 8058 §3.2).
  .openapi(unsubscribeLinkRoute, (c) => c.redirect("/notifications", 303))
  .openapi(exportRoute, async (c) => {
    const { user } = requireMember(c);
    const date = new Date().toISOString().slice(0, 10);
    c.header("content-disposition", `attachment; filename="my-data-${date}.json"`);
    return c.json(await exportMemberData(c.get("db"), user, c.get("site")), 200);
  })
  .openapi(emailChangeRoute, async (c) => {
    const { user } = requireMember(c);
    const { email } = c.req.valid("json");
    await requestEmailChange(c.get("db"), c.get("site"), user, email, {
      locale: c.get("locale"),
      origin: c.get("site").origin,
    });
    return c.json({ status: "check_mail" as const, email }, 200);
  })
  .openapi(getSettingsRoute, async (c) => {
    const { user } = requireMember(c);
    return c.json(await getMemberSettings(c.get("db"), user), 200);
  })
  .openapi(updateSettingsRoute, async (c) => {
    const { user } = requireMember(c);
    return c.json(await updateMemberSettings(c.get("db"), user, c.req.valid("json")), 200);
  })
  .openapi(passwordRoute, async (c) => {
    const { user, session } = requireMember(c);
    await changePassword(c.get("db"), user, session.id, c.req.valid("json"));
    return c.json({ ok: true as const }, 200);
  });
