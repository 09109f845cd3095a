import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { Translate } from "../../i18n/translate";
import { dismiss, isDismissed } from "../../stores/dismissals";
import { $pushState, subscribePush } from "../../stores/push";
import { showToast } from "../../stores/toasts";
import { returnFocus } from "../ui/return-focus";

type Props = { t: Translate; publicKey: string | null; memberId: number };

/**
 * spec §9 push alert, asked when it is useful (issue 29 item 11): in the chats of a member who
 * has a conversation (a match or a message), under the list, in the page's flow, so it covers
 * nothing and moves nothing above it. Only where the browser could notify, never asked before,
 * until the member turns notifications on or dismisses it (remembered with a timestamp).
 */
export default function PushPrompt({ t, publicKey, memberId }: Props) {
  const state = useStore($pushState);
  const [asked, setAsked] = useState(false);
  const [dismissed, setDismissed] = useState(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDismissed(isDismissed("push"));
    setAsked(typeof Notification === "undefined" || Notification.permission !== "default");
  }, []);

  if (dismissed || asked || state !== "not_subscribed") return null;

  async function enable() {
    setBusy(true);
    try {
      if ((await subscribePush(publicKey, memberId)) === "subscribed") {
        showToast(t("settings.push.enabled"), "success");
      }
    } catch {
      showToast(t("settings.push.failed"), "danger");
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside className="inline-alert card" aria-label={t("settings.push.heading")}>
      <p>{t("alert.push.text")}</p>
      <div className="inline-alert-actions">
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
            returnFocus(null);
          }}
        >
          {t("common.dismiss")}
        </button>
      </div>
    </aside>
  );
}
