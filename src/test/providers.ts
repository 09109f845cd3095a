import { getEnv } from "../server/lib/env";
import { createProviders, type Providers } from "../server/providers";

/**
 * The providers of the test settings, as `createApp` makes them by default: the sandbox, and
 * texts kept in the outbox. For a page's locals, the job runner (test/jobs.ts) and services
 * called directly; a test of a real provider passes its stand-in instead.
 */
export function testProviders(): Providers {
  return createProviders(getEnv());
}
