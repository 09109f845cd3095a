import { useId } from "react";
import type { Translate } from "../../../i18n/translate";
import { showToast } from "../../../stores/toasts";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";
import { type MemberSettings, saveSettings } from "./settings-api";

type Props = {
  t: Translate;
  settings: MemberSettings;
  /** Told at once (the box follows the click) and again with the saved or previous settings. */
  onChange: (settings: MemberSettings) => void;
};

/** Invisible mode (spec §2 Settings): saved as soon as the box is ticked or cleared. */
export default function InvisibleModeSection({ t, settings, onChange }: Props) {
  const id = useId();
  const form = useApiForm(t);

  function toggle(invisible: boolean) {
    // One save at a time; meanwhile the box stays as it is.
    if (form.busy) return;
    const previous = settings;
    onChange({ ...settings, invisible });
    void form.run(
      async () => {
        try {
          onChange(await saveSettings({ invisible }));
        } catch (caught) {
          // The box flips back: it shows what is saved.
          onChange(previous);
          throw caught;
        }
        showToast(t("settings.saved"), "success");
      },
      { keepsFocus: true },
    );
  }

  return (
    <SettingsSection heading={t("settings.privacy.heading")}>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.invisible}
          aria-describedby={`${id}-hint`}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        <span>{t("settings.invisible.label")}</span>
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {t("settings.invisible.hint")}
      </p>
      <SectionStatus form={form} />
    </SettingsSection>
  );
}
