import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { dismiss, isDismissed } from "../../stores/dismissals";
import { $pushState, subscribePush } from "../../stores/push";
import { showToast } from "../../stores/toasts";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & { publicKey: string | null; memberId: number };

/**
 * spec §9 push alert: a member whose browser could notify them, and who was never asked, is
 * offered notifications until they turn them on or dismiss the alert (remembered with a
 * timestamp). The layout leaves it off the pages spec §9 names. It floats at the bottom.
 */
export default function PushAlert(props: Props) {
  const t = useTranslate(props);
  const state = useStore($pushState);
  const [dismissed, setDismissed] = useState(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDismissed(isDismissed("push")), []);

  const neverAsked = typeof Notification !== "undefined" && Notification.permission === "default";
  if (dismissed || state !== "not_subscribed" || !neverAsked) return null;

  async function enable() {
    setBusy(true);
    try {
      if ((await subscribePush(props.publicKey, props.memberId)) === "subscribed") {
        showToast(t("settings.push.enabled"), "success");
      }
    } catch {
      showToast(t("settings.push.failed"), "danger");
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside className="floating-alert card" aria-label={t("settings.push.heading")}>
      <p>{t("alert.push.text")}</p>
      <div className="floating-alert-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-disabled={busy}
          onClick={() => void (busy ? null : enable())}
        >
          {busy ? t("settings.push.enabling") : t("alert.push.cta")}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            dismiss("push");
            setDismissed(true);
          }}
        >
          {t("common.dismiss")}
        </button>
      </div>
    </aside>
  );
}
