import { passwordResetBody, passwordResetRequestBody } from "../../contract/auth";
import { checkMailAnswer } from "../../contract/common";
import { userResponse } from "../../contract/users";
import { jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { getUserView } from "../members/user-view";
import { startSession } from "./cookie";
import { requestPasswordReset, resetPassword } from "./password-reset";

const requestRoute = jsonRoute({
  method: "post",
  path: "/password-reset.php",
  summary: "E-mail a link to set a new password (same answer for every address)",
  body: passwordResetRequestBody,
  answer: [checkMailAnswer, "Sent, if the address has an account"],
  errors: [...WRITE_ERRORS, { 429: "reset_limit: three e-mails a day per address" }],
});

const resetRoute = jsonRoute({
  method: "put",
  path: "/password-reset.php",
  summary: "Set the new password with the e-mailed token; logs in, ends other sessions",
  body: passwordResetBody,
  answer: [userResponse, "The member, logged in"],
  errors: [...WRITE_ERRORS, { 400: "link_invalid: the link expired or was used" }],
});

export const passwordResetRoutes = createRouter()
  .openapi(requestRoute, async (c) => {
    const { email } = c.req.valid("json");
    await requestPasswordReset(c.get("db"), c.get("site"), email, { locale: c.get("locale") });
    return c.json({ status: "check_mail" as const, email }, 200);
  })
  .openapi(resetRoute, async (c) => {
    const { token, password } = c.req.valid("json");
    const user = await resetPassword(c.get("db"), { token, password });
    await startSession(c, c.get("db"), user.id);
    return c.json({ user: await getUserView(c.get("db"), user, c.get("site")) }, 200);
  });
