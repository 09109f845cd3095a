import { okAnswer } from "../../contract/common";
import { pushSubscriptionBody, pushUnsubscribeBody } from "../../contract/push";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { removePushSubscription, savePushSubscription } from "./service";

/**
 * spec §7 names the call POST /api/user.php?push=1; the app routes that address here (app.ts),
 * as a query string cannot tell two calls apart in the router or the document.
 */
export const PUSH_SUBSCRIPTION_PATH = "/push-subscription.php";

const subscribeRoute = jsonRoute({
  method: "post",
  path: PUSH_SUBSCRIPTION_PATH,
  summary:
    "spec §7 POST /api/user.php?push=1 {subscription}: saves this browser's push subscription for the member (PushSubscription.toJSON())",
  body: pushSubscriptionBody,
  answer: [okAnswer, "Saved"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    ERRORS.rateLimited,
    { refused: "push_service_refused: the endpoint is not a browser push service's" },
  ],
});

const unsubscribeRoute = jsonRoute({
  method: "delete",
  path: PUSH_SUBSCRIPTION_PATH,
  summary:
    "Removes this browser's push subscription (push turned off, or logging out); also DELETE /api/user.php?push=1",
  body: pushUnsubscribeBody,
  answer: [okAnswer, "Removed, or there was none"],
  errors: [...MEMBER_WRITE_ERRORS, ERRORS.rateLimited],
});

export const pushRoutes = createRouter()
  .openapi(subscribeRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "pushSubscriptions", String(user.id));
    await savePushSubscription(c.get("db"), user.id, c.req.valid("json"));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(unsubscribeRoute, async (c) => {
    const { user } = requireMember(c);
    await enforceRateLimit(c, "pushSubscriptions", String(user.id));
    await removePushSubscription(c.get("db"), user.id, c.req.valid("json").endpoint);
    return c.json({ ok: true as const }, 200);
  });
