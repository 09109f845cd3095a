import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv, AppVariables } from "../request/context";
import { authenticationRequired } from "./errors";
import { validationHook } from "./validation";

/**
 * A feature's router (and the API's): typed for the request pipeline's variables, and answering
 * input its schemas refuse with design §6's 422 `{ error: "validation", fields }`.
 * @example export const likeRoutes = createRouter().openapi(likeRoute, handler)
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** The signed-in member of a request: their user row, session and user view's profile. */
export type SignedInMember = {
  user: NonNullable<AppVariables["user"]>;
  session: NonNullable<AppVariables["session"]>;
  userViewProfile: NonNullable<AppVariables["userViewProfile"]>;
};

/**
 * The signed-in member, or 403 authentication_required (spec §8: the client logs out). The
 * session resolves all three together, so one check serves every call that needs a login.
 * @example const { user } = requireMember(c);
 */
export function requireMember(c: Context<AppEnv>): SignedInMember {
  const user = c.get("user");
  const session = c.get("session");
  const userViewProfile = c.get("userViewProfile");
  if (!user || !session || !userViewProfile) throw authenticationRequired();
  return { user, session, userViewProfile };
}
