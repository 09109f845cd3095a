import type { SubmitEvent } from "react";
import type { Translate } from "../../../i18n/translate";
import { showToast } from "../../../stores/toasts";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";
import { type MemberSettings, saveSettings } from "./settings-api";

type Props = {
  t: Translate;
  settings: MemberSettings;
  categories: readonly MemberSettings["notifications_disabled"][number][];
  siteName: string;
  onSaved: (settings: MemberSettings) => void;
};

/** spec §3 notification categories: which e-mails the member wants. */
export default function NotificationsSection({
  t,
  settings,
  categories,
  siteName,
  onSaved,
}: Props) {
  const form = useApiForm(t);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = new Set(new FormData(event.currentTarget).getAll("receive").map(String));
    const notificationsDisabled = categories.filter((category) => !wanted.has(category));
    // The save button keeps focus; the toast says it worked.
    void form.run(
      async () => {
        onSaved(await saveSettings({ notifications_disabled: notificationsDisabled }));
        showToast(t("settings.saved"), "success");
      },
      { keepsFocus: true },
    );
  }

  return (
    <SettingsSection heading={t("settings.notifications.heading")}>
      <form className="stack" onSubmit={submit}>
        <fieldset className="checkbox-list">
          <legend>{t("settings.notifications.lead")}</legend>
          {categories.map((category) => (
            <label key={category} className="checkbox">
              <input
                type="checkbox"
                name="receive"
                value={category}
                defaultChecked={!settings.notifications_disabled.includes(category)}
              />
              <span>{t(`settings.notifications.${category}`, { site: siteName })}</span>
            </label>
          ))}
        </fieldset>
        <SectionStatus form={form} />
        <button type="submit" className="btn btn-primary" aria-disabled={form.busy}>
          {t("settings.save")}
        </button>
      </form>
    </SettingsSection>
  );
}
