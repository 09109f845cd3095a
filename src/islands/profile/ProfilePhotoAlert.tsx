import { useState } from "react";
import { dismiss } from "../../stores/dismissals";
import { returnFocus } from "../ui/return-focus";
import { type I18nProps, useTranslate } from "../ui/use-translate";

/**
 * spec §9 profile-photo alert: a member without a main photo is asked for one, until they
 * dismiss it (remembered with a timestamp). The layout renders it only when it is due (the
 * dismissals cookie), in the page's flow above the content: it covers nothing, and it is there
 * from the first paint (issue 29 item 11).
 */
export default function ProfilePhotoAlert(props: I18nProps) {
  const t = useTranslate(props);
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <aside className="inline-alert card" aria-label={t("alert.profilePhoto.cta")}>
      <p>{t("alert.profilePhoto.text")}</p>
      <div className="inline-alert-actions">
        <a className="btn btn-primary btn-sm" href="/profile?step=4">
          {t("alert.profilePhoto.cta")}
        </a>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            dismiss("profilePhoto");
            setVisible(false);
            returnFocus(null);
          }}
        >
          {t("common.dismiss")}
        </button>
      </div>
    </aside>
  );
}
