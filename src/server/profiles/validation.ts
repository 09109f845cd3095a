import { z } from "@hono/zod-openapi";
import { WIZARD_STEPS } from "../../contract/profile-options";
import type { profileUpdateBody } from "../../contract/profiles";
import { idParamSchema } from "../lib/validation";

// The request bodies are in the contract (src/contract/profiles.ts), beside their answers.

export { WIZARD_STEPS };
/** The wizard's step after the last: the profile is complete. */
export const WIZARD_COMPLETE = WIZARD_STEPS;

/** A wizard step's answers as validated (PUT /api/profile.php). */
export type ProfileUpdate = z.infer<typeof profileUpdateBody>;

export const profileQuery = z.object({
  /** The profile to show; without it, the member's own profile to edit. */
  id: idParamSchema.optional(),
});

export const profileTargetQuery = z.object({ id: idParamSchema });
