import type { Translate } from "../../i18n/translate";

type Props = {
  t: Translate;
  /** The site's `fictional_icon` glyph (contract/profile-options.ts FICTIONAL_ICONS). */
  icon: string;
};

/**
 * spec §1, issue 28: the site's disclosure that a profile is fictional (run by the site's own
 * team), in the member's language: at the top of a chat with it, always, and in the
 * first-message dialog, as on the profile.
 */
export default function FictionalNotice({ t, icon }: Props) {
  return (
    <p className="alert alert-warning fictional-warning" role="note">
      <span className="fictional-icon" aria-hidden="true">
        {icon}
      </span>
      <span>
        <strong>{t("profile.fictional.singular")}.</strong> {t("profile.fictional.warning")}
      </span>
    </p>
  );
}
