import type { Translate } from "../../../i18n/translate";
import SettingsSection from "./SettingsSection";

/** The member's data as a JSON download (GET /api/export.php); a plain link, no state. */
export default function DataExportSection({ t }: { t: Translate }) {
  return (
    <SettingsSection heading={t("settings.export.heading")}>
      <p>{t("settings.export.text")}</p>
      <a className="btn btn-outline" href="/api/export.php" download>
        {t("settings.export.button")}
      </a>
    </SettingsSection>
  );
}
