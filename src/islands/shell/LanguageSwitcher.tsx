import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  type Locale,
  localeNames,
  locales,
} from "../../i18n/locales";
import { api } from "../../lib/api-client";
import { $member } from "../../stores/session";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  /** Per-locale URLs of this page, where it has them (public pages); else the page reloads. */
  alternates?: Partial<Record<Locale, string>>;
};

/**
 * spec §4: switching language saves the locale cookie for 365 days and, when logged in,
 * updates the member's language with PUT /api/user.php.
 */
export default function LanguageSwitcher(props: Props) {
  const t = useTranslate(props);
  const id = useId();
  const member = useStore($member);
  const [busy, setBusy] = useState(false);

  async function switchTo(locale: Locale) {
    setBusy(true);
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // The Cookie Store API is not in every browser we serve yet; this is a plain, non-secret cookie.
    // biome-ignore lint/suspicious/noDocumentCookie: see comment above
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
    if (member) {
      await api("PUT /api/user.php", { body: { language: locale } }).catch(() => {});
    }
    const target = props.alternates?.[locale];
    if (target) location.assign(target);
    else location.reload();
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t("nav.language")}
      </label>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="icon">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16Zm2.9-8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        id={id}
        value={props.locale}
        disabled={busy}
        onChange={(event) => switchTo(event.currentTarget.value as Locale)}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
