import { useState } from "react";
import type { Translate } from "../../../i18n/translate";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";
import { type MemberSettings, saveSettings } from "./settings-api";

type Props = {
  t: Translate;
  settings: MemberSettings;
  onSaved: (settings: MemberSettings) => void;
};

/**
 * spec §4: why e-mail to the member stopped (spam complaint, bounce, one-click unsubscribe),
 * with a way to turn it back on.
 */
export default function EmailDeliverySection({ t, settings, onSaved }: Props) {
  const form = useApiForm(t);
  const [enabled, setEnabled] = useState(false);
  const reason = settings.email_disabled_reason;

  function enable() {
    setEnabled(false);
    // The button goes away on success: the status area, which says so, takes the focus.
    void form.run(async () => {
      onSaved(await saveSettings({ email_enabled: true }));
      setEnabled(true);
    });
  }

  return (
    <SettingsSection heading={t("settings.sources.heading")}>
      {reason ? (
        <>
          <p className="alert alert-warning">
            {t(`settings.sources.${reason}`, { email: settings.email })}
          </p>
          <button
            type="button"
            className="btn btn-outline"
            aria-disabled={form.busy}
            onClick={enable}
          >
            {t("settings.sources.enable")}
          </button>
        </>
      ) : (
        <p>{t("settings.sources.ok", { email: settings.email })}</p>
      )}
      <SectionStatus form={form} done={enabled ? t("settings.sources.enabled") : null} />
    </SettingsSection>
  );
}
