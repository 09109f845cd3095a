import type { Locale } from "../../i18n/locales";
import { formatMoney } from "../../i18n/money";

/** design §13: dates, numbers and money in the staff member's language (Intl). */
export function staffFormat(locale: Locale) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const number = new Intl.NumberFormat(locale);
  const signed = new Intl.NumberFormat(locale, { signDisplay: "exceptZero" });
  return {
    dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "–"),
    /** A calendar date as stored ("1990-05-17"), shown without a time zone shift. */
    day: (value: string) => date.format(new Date(`${value.slice(0, 10)}T12:00:00Z`)),
    number: (value: number) => number.format(value),
    signed: (value: number) => signed.format(value),
    money: (minor: number, currency: string) => formatMoney(locale, minor, currency),
  };
}
export type StaffFormat = ReturnType<typeof staffFormat>;
