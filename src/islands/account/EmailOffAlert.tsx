import { useState } from "react";
import type { EmailDisabledReason } from "../../contract/account-options";
import { dismiss } from "../../stores/dismissals";
import { returnFocus } from "../ui/return-focus";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import SectionStatus from "./settings/SectionStatus";
import { saveSettings } from "./settings/settings-api";

type Props = I18nProps & { reason: EmailDisabledReason; email: string };

/**
 * spec §4, §9 disabled-notifications alert (issue 29 item 14): e-mail to the member stopped (a
 * spam complaint, a bounce, a one-click unsubscribe). It says why, and gives the way back: e-mail
 * on again here, or the settings (where the address can be changed after a bounce). Dismissed,
 * it stays away for a while (remembered with a timestamp). The layout renders it in the page's
 * flow, only when it is due.
 */
export default function EmailOffAlert(props: Props) {
  const t = useTranslate(props);
  const form = useApiForm(t);
  const [state, setState] = useState<"off" | "on" | "gone">("off");
  if (state === "gone") return null;

  function enable() {
    void form.run(async () => {
      await saveSettings({ email_enabled: true });
      setState("on");
    });
  }

  return (
    <aside className="inline-alert card" aria-label={t("alert.emailOff.label")}>
      {state === "off" ? (
        <p>{t(`settings.sources.${props.reason}`, { email: props.email })}</p>
      ) : null}
      <SectionStatus form={form} done={state === "on" ? t("settings.sources.enabled") : null} />
      {state === "off" ? (
        <div className="inline-alert-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-disabled={form.busy}
            onClick={() => (form.busy ? null : enable())}
          >
            {t("settings.sources.enable")}
          </button>
          <a className="btn btn-outline btn-sm" href="/notifications">
            {t("alert.emailOff.settings")}
          </a>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              dismiss("disabledNotifications");
              setState("gone");
              returnFocus(null);
            }}
          >
            {t("common.dismiss")}
          </button>
        </div>
      ) : null}
    </aside>
  );
}
