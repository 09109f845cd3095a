import type { SettingsUpdateBody } from "../../../contract/account";
import type { MemberSettings } from "../../../contract/users";
import { api } from "../../../lib/api-client";

export type { MemberSettings };

export type SettingsUpdate = SettingsUpdateBody;

/** Saves some of the member's settings (PUT /api/notifications.php); answers all of them. */
export function saveSettings(update: SettingsUpdate): Promise<MemberSettings> {
  return api("PUT /api/notifications.php", { body: update });
}
