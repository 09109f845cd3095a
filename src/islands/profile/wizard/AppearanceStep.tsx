import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGE,
} from "../../../contract/profile-options";
import { Field } from "../../ui/TextField";
import { useApiForm } from "../../ui/use-api-form";
import OptionSelect from "./OptionSelect";
import StepForm from "./StepForm";
import type { StepProps } from "./wizard-steps";

/** Step 1: hair and eye colour, body type, height (those the site shows). */
export default function AppearanceStep(props: StepProps) {
  const { t, profile, shows } = props;
  const form = useApiForm(t);
  const { fields } = form;

  function collect(data: FormData) {
    const value = (name: string) => {
      const given = data.get(name);
      return typeof given === "string" && given !== "" ? given : null;
    };
    const answers: Record<string, unknown> = {};
    for (const name of ["hair_color", "eye_color", "body_type"]) {
      if (shows(name)) answers[name] = value(name);
    }
    if (shows("height")) answers.height = value("height") ? Number(value("height")) : null;
    return answers;
  }

  return (
    <StepForm {...props} form={form} collect={collect}>
      {shows("hair_color") ? (
        <OptionSelect
          t={t}
          name="hair_color"
          label={t("wizard.hairColor")}
          options={HAIR_COLORS}
          prefix="profile.hair"
          current={profile.hair_color}
          error={fields.hair_color}
        />
      ) : null}
      {shows("eye_color") ? (
        <OptionSelect
          t={t}
          name="eye_color"
          label={t("wizard.eyeColor")}
          options={EYE_COLORS}
          prefix="profile.eyes"
          current={profile.eye_color}
          error={fields.eye_color}
        />
      ) : null}
      {shows("body_type") ? (
        <OptionSelect
          t={t}
          name="body_type"
          label={t("wizard.bodyType")}
          options={BODY_TYPES}
          prefix="profile.body"
          current={profile.body_type}
          error={fields.body_type}
        />
      ) : null}
      {shows("height") ? (
        <Field id="wizard-height" label={t("wizard.height")} error={fields.height}>
          {(control) => (
            <input
              className="field-input field-narrow"
              type="number"
              name="height"
              inputMode="numeric"
              min={HEIGHT_RANGE.min}
              max={HEIGHT_RANGE.max}
              defaultValue={profile.height ?? ""}
              {...control}
            />
          )}
        </Field>
      ) : null}
    </StepForm>
  );
}
