import type { Translate } from "../../../i18n/translate";

type Props = {
  t: Translate;
  busy: boolean;
  submitLabel: string;
  onBack?: (() => void) | undefined;
  onSkip?: (() => void) | undefined;
};

/** Back, skip and the step's submit button; all wait while a step is being saved. */
export default function WizardButtons({ t, busy, submitLabel, onBack, onSkip }: Props) {
  return (
    <div className="wizard-actions">
      {onBack ? (
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={busy}>
          {t("wizard.back")}
        </button>
      ) : null}
      {onSkip ? (
        <button type="button" className="btn btn-outline" onClick={onSkip} disabled={busy}>
          {t("wizard.skip")}
        </button>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("wizard.saving") : submitLabel}
      </button>
    </div>
  );
}
