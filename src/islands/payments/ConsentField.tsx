import { useId } from "react";
import type { Translate } from "../../i18n/translate";

type Props = {
  t: Translate;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The refusal to show under the box (a translated message), or null. */
  error: string | null;
};

/**
 * The consent to immediate performance every checkout asks for (Directive 2011/83/EU art. 16(m):
 * the member asks for the credits at once and acknowledges that the right of withdrawal ends
 * with their use). Asked on each purchase, never ticked for the member.
 */
export default function ConsentField({ t, checked, onChange, error }: Props) {
  const errorId = useId();
  return (
    <div className="field">
      <label className="checkbox consent">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{t("payments.consent.label")}</span>
      </label>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
