import { useEffect, useState } from "react";
import { dismiss, isDismissed } from "../../stores/dismissals";
import { type I18nProps, useTranslate } from "../ui/use-translate";

/**
 * spec §9 profile-photo alert: a member without a main photo is asked for one, until they
 * dismiss it (remembered with a timestamp). It floats at the bottom, so showing it moves nothing.
 */
export default function ProfilePhotoAlert(props: I18nProps) {
  const t = useTranslate(props);
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!isDismissed("profilePhoto")), []);
  if (!visible) return null;
  return (
    <aside className="floating-alert card" aria-label={t("alert.profilePhoto.cta")}>
      <p>{t("alert.profilePhoto.text")}</p>
      <div className="floating-alert-actions">
        <a className="btn btn-primary btn-sm" href="/profile?step=4">
          {t("alert.profilePhoto.cta")}
        </a>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            dismiss("profilePhoto");
            setVisible(false);
          }}
        >
          {t("common.dismiss")}
        </button>
      </div>
    </aside>
  );
}
