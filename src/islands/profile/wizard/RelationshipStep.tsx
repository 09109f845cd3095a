import { useEffect, useState } from "react";
import { MAX_INTERESTS, RELATIONSHIP_STATUSES } from "../../../contract/profile-options";
import type { Locale } from "../../../i18n/locales";
import { type Interest, loadInterests } from "../../../stores/catalogues";
import { useApiForm } from "../../ui/use-api-form";
import OptionSelect from "./OptionSelect";
import StepForm from "./StepForm";
import type { StepProps } from "./wizard-steps";

/** Step 2: relationship status and interests (the interests load from the server once). */
export default function RelationshipStep(props: StepProps & { locale: Locale }) {
  const { t, profile, shows, locale } = props;
  const form = useApiForm(t);
  const { fields } = form;
  const [interests, setInterests] = useState<Interest[] | null>(null);

  const asksInterests = shows("interests");

  useEffect(() => {
    if (asksInterests) void loadInterests(locale).then(setInterests);
  }, [locale, asksInterests]);

  function collect(data: FormData) {
    const answers: Record<string, unknown> = {};
    if (shows("relationship_status")) {
      answers.relationship_status = data.get("relationship_status") || null;
    }
    if (asksInterests) answers.interests = data.getAll("interests");
    return answers;
  }

  return (
    <StepForm {...props} form={form} collect={collect}>
      {shows("relationship_status") ? (
        <OptionSelect
          t={t}
          name="relationship_status"
          label={t("wizard.relationshipStatus")}
          options={RELATIONSHIP_STATUSES}
          prefix="profile.relationship"
          current={profile.relationship_status}
          error={fields.relationship_status}
        />
      ) : null}
      {asksInterests ? (
        <fieldset
          className="field"
          aria-describedby={fields.interests ? "wizard-interests-error" : undefined}
        >
          <legend className="field-label">{t("wizard.interests")}</legend>
          <p className="field-hint">{t("wizard.interestsHint", { max: MAX_INTERESTS })}</p>
          <div className="chip-choices" aria-busy={interests === null}>
            {(interests ?? []).map((interest) => (
              <label key={interest.id} className="chip-choice">
                <input
                  type="checkbox"
                  name="interests"
                  value={interest.id}
                  defaultChecked={profile.interests.includes(interest.id)}
                  aria-invalid={fields.interests ? true : undefined}
                />
                <span>{interest.name}</span>
              </label>
            ))}
          </div>
          {fields.interests ? (
            <p id="wizard-interests-error" className="field-error">
              {fields.interests}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </StepForm>
  );
}
