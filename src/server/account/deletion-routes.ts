import { accountDeleteBody } from "../../contract/account";
import { loginBody } from "../../contract/auth";
import { discountCodeView } from "../../contract/payments";
import { pendingDeletionAnswer, userResponse } from "../../contract/users";
import { clearSessionCookie, startSession } from "../auth/cookie";
import { refuseSanctioned, verifyCredentials } from "../auth/service";
import { authenticationRequired } from "../lib/errors";
import {
  ERRORS,
  emailLinkRoute,
  jsonRoute,
  MEMBER_WRITE_ERRORS,
  WRITE_ERRORS,
} from "../lib/openapi";
import { socketClientAddress } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { getUserView } from "../members/user-view";
import {
  REACTIVATION_DAYS,
  reactivateAccount,
  reactivateWithToken,
  requestAccountDeletion,
} from "./deletion";
import { takeRetentionOffer } from "./retention-offer";

const deleteRoute = jsonRoute({
  method: "post",
  path: "/account-delete.php",
  summary: "Delete the account: pending deletion for 14 days, reactivation link by e-mail",
  body: accountDeleteBody,
  answer: [pendingDeletionAnswer, "Pending deletion; logged out"],
  errors: MEMBER_WRITE_ERRORS,
});

const retentionOfferRoute = jsonRoute({
  method: "post",
  path: "/retention-offer.php",
  summary:
    "issue 29 item 6: the member keeps their account and takes the retention offer (Company info delete_discount): their own code, the same on every call",
  answer: [discountCodeView, "The member's retention code"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    { 404: "no_retention_offer: the site's company makes none" },
    { 409: "retention_offer_taken: the member's code was used or ran out" },
  ],
});

const reactivateRoute = jsonRoute({
  method: "post",
  path: "/reactivate.php",
  summary: "Reactivate an account pending deletion with its e-mail and password; logs in",
  body: loginBody,
  answer: [userResponse, "Reactivated and logged in"],
  errors: [
    ...WRITE_ERRORS,
    ERRORS.credentials,
    {
      403: "authentication_required: the account can no longer be reactivated; account_banned, account_suspended: as for the login",
    },
  ],
});

const reactivateLinkRoute = emailLinkRoute(
  "/reactivate.php",
  "The reactivation link of the deletion e-mail",
  "To /members when reactivated, else to /login",
);

export const deletionRoutes = createRouter()
  .openapi(deleteRoute, async (c) => {
    const { user } = requireMember(c);
    await requestAccountDeletion(c.get("db"), c.get("site"), user, c.req.valid("json").password, {
      locale: c.get("locale"),
      origin: c.get("site").origin,
    });
    clearSessionCookie(c);
    return c.json({ status: "pending_deletion" as const, days: REACTIVATION_DAYS }, 200);
  })
  .openapi(retentionOfferRoute, async (c) => {
    const { user, userViewProfile } = requireMember(c);
    const country = userViewProfile.profile?.country ?? null;
    return c.json(await takeRetentionOffer(c.get("db"), c.get("site"), user, country), 200);
  })
  .openapi(reactivateRoute, async (c) => {
    const user = await verifyCredentials(c.get("db"), c.req.valid("json"), {
      address: socketClientAddress(c),
    });
    refuseSanctioned(user, c.get("locale"));
    const reactivated = user.deletionRequestedAt
      ? await reactivateAccount(c.get("db"), user.id)
      : user;
    if (!reactivated) throw authenticationRequired();
    await startSession(c, c.get("db"), reactivated.id);
    return c.json({ user: await getUserView(c.get("db"), reactivated, c.get("site")) }, 200);
  })
  .openapi(reactivateLinkRoute, async (c) => {
    const token = c.req.valid("query").token;
    const user = token ? await reactivateWithToken(c.get("db"), token) : null;
    if (!user) return c.redirect("/login", 303);
    await startSession(c, c.get("db"), user.id);
    return c.redirect("/members", 303);
  });
