import type { MemberSettings } from "../../../contract/users";
import { apiFetch } from "../../../lib/api-client";

export type { MemberSettings };

export type SettingsUpdate = {
  notifications_disabled?: MemberSettings["notifications_disabled"];
  invisible?: boolean;
  email_enabled?: true;
};

/** Saves some of the member's settings (PUT /api/notifications.php); answers all of them. */
export function saveSettings(update: SettingsUpdate): Promise<MemberSettings> {
  return apiFetch<MemberSettings>("/api/notifications.php", { method: "PUT", body: update });
}
