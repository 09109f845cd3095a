import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import type { Translate } from "../../../i18n/translate";
import { ApiRequestError } from "../../../lib/api-client";
import { $pushState, subscribePush, syncPush, unsubscribePush } from "../../../stores/push";
import { showToast } from "../../../stores/toasts";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";

type Props = {
  t: Translate;
  /** The site's VAPID key (spec §3 Settings push_public_key); null: push is off here. */
  publicKey: string | null;
  memberId: number;
  siteName: string;
};

/**
 * spec §2 Settings, push: this browser's state (spec §4: unknown, subscribed, denied, not
 * subscribed) and the button that turns notifications on or off here.
 */
export default function PushSection({ t, publicKey, memberId, siteName }: Props) {
  const state = useStore($pushState);
  const form = useApiForm(t);

  useEffect(() => {
    void syncPush(publicKey, memberId).catch(() => {});
  }, [publicKey, memberId]);

  function enable() {
    void form.run(async () => {
      try {
        const next = await subscribePush(publicKey, memberId);
        if (next === "subscribed") showToast(t("settings.push.enabled"), "success");
      } catch (caught) {
        // The browser's own failures (no push service reachable) have no message of ours.
        if (caught instanceof ApiRequestError) throw caught;
        throw new ApiRequestError(500, {
          error: "push_failed",
          message: t("settings.push.failed"),
        });
      }
    });
  }

  function disable() {
    void form.run(async () => {
      await unsubscribePush();
      showToast(t("settings.push.disabled"), "success");
    });
  }

  // Unknown (null) until the browser has been asked: the section holds its place meanwhile.
  return (
    <SettingsSection heading={t("settings.push.heading")}>
      <p aria-busy={state === null}>
        {state === null
          ? t("common.loading")
          : state === "subscribed"
            ? t("settings.push.subscribed")
            : state === "denied"
              ? t("settings.push.denied", { site: siteName })
              : state === "unsupported"
                ? t("settings.push.unsupported")
                : t("settings.push.notSubscribed")}
      </p>
      {state === "subscribed" || state === "not_subscribed" ? (
        <p className="field-hint">{t("settings.push.choices")}</p>
      ) : null}
      <SectionStatus form={form} />
      {state === "not_subscribed" ? (
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={form.busy}
          onClick={enable}
        >
          {form.busy ? t("settings.push.enabling") : t("settings.push.enable")}
        </button>
      ) : state === "subscribed" ? (
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={form.busy}
          onClick={disable}
        >
          {t("settings.push.disable")}
        </button>
      ) : null}
    </SettingsSection>
  );
}
