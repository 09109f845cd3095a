import type { OwnProfile } from "../../../contract/profiles";
import type { Translate } from "../../../i18n/translate";

export type StepId = "basics" | "appearance" | "relationship" | "about" | "photos";

/** spec §2 /profile: steps 0-4 in order (the index is the step the server records). */
const STEPS: { id: StepId; fields: string[] }[] = [
  { id: "basics", fields: ["gender", "seeking", "country", "region", "age"] },
  { id: "appearance", fields: ["hair_color", "eye_color", "body_type", "height"] },
  { id: "relationship", fields: ["relationship_status", "interests"] },
  { id: "about", fields: ["about"] },
  { id: "photos", fields: [] },
];

/** The complete step comes after the last one. */
export const COMPLETE = STEPS.length;

export type WizardStep = { id: StepId; index: number };

/**
 * The steps this site asks for: basics (the date of birth is always asked) and photos always,
 * the others only when the site shows at least one of their fields.
 */
export function findVisibleSteps(shows: (field: string) => boolean): WizardStep[] {
  return STEPS.map((step, index) => ({ ...step, index }))
    .filter((step) => step.id === "photos" || step.id === "basics" || step.fields.some(shows))
    .map(({ id, index }) => ({ id, index }));
}

/** The step to open for a wanted one: itself, or the next one the site asks for. */
export function findStartStep(wanted: number, steps: WizardStep[]): number {
  if (wanted >= COMPLETE) return COMPLETE;
  return steps.find((step) => step.index >= wanted)?.index ?? 0;
}

/** What every step form gets from the wizard. */
export type StepProps = {
  t: Translate;
  profile: OwnProfile;
  /** Whether the site asks for a field (spec §3 visible_profile_fields / _notes). */
  shows: (field: string) => boolean;
  /** Saves this step's answers (PUT /api/profile.php) and moves on; throws the API's error. */
  save: (answers: Record<string, unknown>) => Promise<void>;
  onBack?: (() => void) | undefined;
  /** Whether the step may be passed over without answers (every step but the first). */
  canSkip: boolean;
};
