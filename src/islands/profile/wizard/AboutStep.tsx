import { useState } from "react";
import { ABOUT_LENGTH } from "../../../contract/profile-options";
import { Field } from "../../ui/TextField";
import { useApiForm } from "../../ui/use-api-form";
import StepForm from "./StepForm";
import type { StepProps } from "./wizard-steps";

/** Step 3: the member's own words, with a character count. */
export default function AboutStep(props: StepProps) {
  const { t, profile } = props;
  const form = useApiForm(t);
  const [about, setAbout] = useState(profile.about ?? "");

  return (
    <StepForm {...props} form={form} collect={() => ({ about })}>
      <Field
        id="wizard-about"
        label={t("wizard.about")}
        error={form.fields.about}
        hint={t("wizard.aboutHint", { max: ABOUT_LENGTH.max })}
      >
        {(control) => (
          <>
            <textarea
              className="field-input"
              name="about"
              rows={7}
              maxLength={ABOUT_LENGTH.max}
              value={about}
              onChange={(event) => setAbout(event.currentTarget.value)}
              {...control}
            />
            <p className="field-hint field-count" aria-live="polite">
              {t("wizard.aboutCount", { count: about.length, max: ABOUT_LENGTH.max })}
            </p>
          </>
        )}
      </Field>
    </StepForm>
  );
}
