import { useState } from "react";
import { api } from "../../lib/api-client";
import { type I18nProps, useTranslate } from "../ui/use-translate";

/** design §13: ends the staff session (POST /api/staff/logout), then to the sign-in. */
export default function SignOutButton(props: I18nProps) {
  const t = useTranslate(props);
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await api("POST /api/staff/logout", { retries: 1 });
    } catch {
      // Signed out already (or the session expired): the sign-in page is still the place.
    }
    location.assign("/staff/login");
  }
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={signOut} disabled={busy}>
      {t("staff.console.signOut")}
    </button>
  );
}
