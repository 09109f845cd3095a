import { useCallback, useEffect, useRef, useState } from "react";
import type { OwnPhotos } from "../../../contract/photos";
import type { OwnProfile } from "../../../contract/profiles";
import { api } from "../../../lib/api-client";
import { type I18nProps, useTranslate } from "../../ui/use-translate";
import AboutStep from "./AboutStep";
import AppearanceStep from "./AppearanceStep";
import BasicsStep from "./BasicsStep";
import CompleteStep from "./CompleteStep";
import PhotosStep from "./PhotosStep";
import RelationshipStep from "./RelationshipStep";
import { COMPLETE, findStartStep, findVisibleSteps, type StepProps } from "./wizard-steps";

type Props = I18nProps & {
  profile: OwnProfile;
  photos: OwnPhotos;
  /** The site's countries with their names in the member's language. */
  countries: readonly { code: string; name: string }[];
  /** spec §3 visible_profile_fields and visible_profile_notes of the site. */
  visibleFields: string[];
  visibleNotes: string[];
  /** The step to open: from ?step=, else where the member left off. */
  initialStep: number;
  isPremium: boolean;
  premiumLimit: number;
  minBirthdate: string;
  maxBirthdate: string;
};

/**
 * The profile wizard (spec §2 /profile, steps 0-4 and a complete step): the list of steps,
 * moving between them, the step in the address (so a reload resumes there) and focus on each
 * new step's heading. Each step is its own form (./*Step.tsx) and is saved on its own
 * (PUT /api/profile.php); steps whose fields the site does not ask for are left out.
 */
export default function ProfileWizard(props: Props) {
  const t = useTranslate(props);
  const { visibleFields, visibleNotes } = props;
  const shows = useCallback(
    (field: string) => visibleFields.includes(field) || visibleNotes.includes(field),
    [visibleFields, visibleNotes],
  );
  const steps = findVisibleSteps(shows);
  const [profile, setProfile] = useState(props.profile);
  const [step, setStep] = useState(() => findStartStep(props.initialStep, steps));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const position = steps.findIndex((s) => s.index === step);
  const current = steps[position];

  useEffect(() => {
    const url = new URL(location.href);
    url.searchParams.set("step", String(step));
    history.replaceState(null, "", url);
    if (firstRender.current) firstRender.current = false;
    else headingRef.current?.focus();
  }, [step]);

  if (step === COMPLETE || !current) {
    return (
      <CompleteStep
        t={t}
        profileId={profile.id}
        headingRef={headingRef}
        onEdit={() => setStep(steps[0]?.index ?? 0)}
      />
    );
  }

  const stepProps: StepProps = {
    t,
    profile,
    shows,
    save: async (answers) => {
      const saved = await api("PUT /api/profile.php", {
        body: { step, ...answers },
      });
      setProfile(saved);
      setStep(steps[position + 1]?.index ?? COMPLETE);
    },
    onBack: position > 0 ? () => setStep(steps[position - 1]?.index ?? 0) : undefined,
    canSkip: position > 0,
  };

  return (
    <div className="wizard">
      <nav aria-label={t("wizard.steps")}>
        <ol className="wizard-steps">
          {steps.map((item, index) => (
            <li
              key={item.id}
              className="wizard-step"
              aria-current={item.index === step ? "step" : undefined}
            >
              <span className="wizard-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="wizard-step-label">{t(`wizard.step.${item.id}`)}</span>
            </li>
          ))}
        </ol>
      </nav>
      <section className="card stack wizard-panel" aria-labelledby="wizard-step-title">
        <div>
          <p className="muted wizard-progress">
            {t("wizard.progress", { step: position + 1, total: steps.length })}
          </p>
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1}>
            {t(`wizard.step.${current.id}`)}
          </h2>
        </div>
        {current.id === "basics" ? (
          <BasicsStep
            key="basics"
            {...stepProps}
            locale={props.locale}
            countries={props.countries}
            minBirthdate={props.minBirthdate}
            maxBirthdate={props.maxBirthdate}
          />
        ) : current.id === "appearance" ? (
          <AppearanceStep key="appearance" {...stepProps} />
        ) : current.id === "relationship" ? (
          <RelationshipStep key="relationship" {...stepProps} locale={props.locale} />
        ) : current.id === "about" ? (
          <AboutStep key="about" {...stepProps} />
        ) : (
          <PhotosStep
            key="photos"
            {...stepProps}
            locale={props.locale}
            messages={props.messages}
            photos={props.photos}
            isPremium={props.isPremium}
            premiumLimit={props.premiumLimit}
          />
        )}
      </section>
    </div>
  );
}
