import { getEnv } from "../lib/env";

/**
 * design §13: the host the staff side answers on. STAFF_ORIGIN's when set; else the default
 * site's (AMORA_ORIGIN, the demo's `/staff`). Compared with the request's Host as the site
 * registry reads it (lower case, port kept): a request for another host is answered 404, as
 * if there were no staff side there. Nothing absolute is built from the Host.
 */
export function staffHost(env = getEnv()): string {
  return new URL(env.STAFF_ORIGIN ?? env.AMORA_ORIGIN).host;
}

/**
 * Whether a request with this Host header may reach the staff side. Without STAFF_ORIGIN, a
 * request with no Host (an in-process call) is the default site's, as everywhere else.
 */
export function isStaffHost(host: string | null | undefined, env = getEnv()): boolean {
  if (!host) return !env.STAFF_ORIGIN;
  return host.toLowerCase() === staffHost(env);
}
