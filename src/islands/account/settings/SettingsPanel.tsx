import { useState } from "react";
import { type I18nProps, useTranslate } from "../../ui/use-translate";
import DataExportSection from "./DataExportSection";
import DeleteAccountSection from "./DeleteAccountSection";
import EmailDeliverySection from "./EmailDeliverySection";
import EmailSection from "./EmailSection";
import InvisibleModeSection from "./InvisibleModeSection";
import NotificationsSection from "./NotificationsSection";
import PasswordSection from "./PasswordSection";
import PushSection from "./PushSection";
import type { MemberSettings } from "./settings-api";

type Props = I18nProps & {
  initial: MemberSettings;
  siteName: string;
  /** The company's retention offer in percent (spec §3 Company info delete_discount). */
  deleteDiscount: number;
  reactivationDays: number;
  categories: readonly MemberSettings["notifications_disabled"][number][];
  /** The site's web push key (spec §3 Settings push_public_key). */
  pushPublicKey: string | null;
  memberId: number;
};

/**
 * spec §2 Settings: push on this device, e-mail notifications and delivery, invisible mode, e-mail address, data
 * download, password and account deletion, one section each (each on the shared form hook).
 * The settings the sections share are kept here, as the server last answered them.
 */
export default function SettingsPanel(props: Props) {
  const t = useTranslate(props);
  const [settings, setSettings] = useState(props.initial);

  return (
    <div className="settings-grid">
      <PushSection
        t={t}
        publicKey={props.pushPublicKey}
        memberId={props.memberId}
        siteName={props.siteName}
      />
      <NotificationsSection
        t={t}
        settings={settings}
        categories={props.categories}
        siteName={props.siteName}
        onSaved={setSettings}
      />
      <EmailDeliverySection t={t} settings={settings} onSaved={setSettings} />
      <InvisibleModeSection t={t} settings={settings} onChange={setSettings} />
      <EmailSection t={t} email={settings.email} />
      <DataExportSection t={t} />
      <PasswordSection t={t} />
      <DeleteAccountSection
        t={t}
        deleteDiscount={props.deleteDiscount}
        reactivationDays={props.reactivationDays}
      />
    </div>
  );
}
