import type { MessageKey } from "../../../i18n/catalogues";
import type { Translate } from "../../../i18n/translate";
import { Field } from "../../ui/TextField";

type Props = {
  t: Translate;
  name: string;
  label: string;
  options: readonly string[];
  /** The catalogue prefix of the options' labels, e.g. "profile.hair". */
  prefix: string;
  current: string | null;
  error?: string | undefined;
};

/** One of a profile enumeration's values (hair colour, body type…), or 'prefer not to say'. */
export default function OptionSelect({ t, name, label, options, prefix, current, error }: Props) {
  return (
    <Field id={`wizard-${name}`} label={label} error={error}>
      {(control) => (
        <select className="field-input" name={name} defaultValue={current ?? ""} {...control}>
          <option value="">{t("wizard.preferNot")}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`${prefix}.${option}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
