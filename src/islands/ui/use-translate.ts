import { useMemo } from "react";
import type { Catalogue } from "../../i18n/catalogues";
import type { Locale } from "../../i18n/locales";
import { createTranslate, type Translate } from "../../i18n/translate";

/** Props every translated island takes: its locale and its slice of the catalogue. */
export type I18nProps = { locale: Locale; messages: Catalogue };

export function useTranslate({ locale, messages }: I18nProps): Translate {
  return useMemo(() => createTranslate(locale, messages), [locale, messages]);
}
