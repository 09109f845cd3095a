import type { Locale } from "../../i18n/locales";
import { formatMoney } from "../../i18n/money";

/** design §13: dates, numbers and money in the staff member's language (Intl). */
export function staffFormat(locale: Locale) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent" });
  const signed = new Intl.NumberFormat(locale, { signDisplay: "exceptZero" });
  const regions = new Intl.DisplayNames(locale, { type: "region", fallback: "code" });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const minutes = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "minute",
    maximumFractionDigits: 1,
  });
  return {
    locale,
    dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "–"),
    /** A calendar date as stored ("1990-05-17"), shown without a time zone shift. */
    day: (value: string) => date.format(new Date(`${value.slice(0, 10)}T12:00:00Z`)),
    number: (value: number) => number.format(value),
    signed: (value: number) => signed.format(value),
    /** A whole percentage (20 → "20 %" in German, "20%" in English). */
    percent: (value: number) => percent.format(value / 100),
    money: (minor: number, currency: string) => formatMoney(locale, minor, currency),
    /** A duration in minutes ("12 min", "0.5 min"): how long the inbox's members wait. */
    minutes: (value: number) => minutes.format(value),
    /** A country as stored ("nl"), by its name in the staff member's language ("Niederlande"). */
    country: (code: string) => regions.of(code.toUpperCase()) ?? code,
    /** How long ago, in the largest fitting unit ("3 hours ago"): how long a photo waits. */
    ago: (iso: string, now = Date.now()) => {
      const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
      if (minutes < 60) return relative.format(-minutes, "minute");
      if (minutes < 48 * 60) return relative.format(-Math.floor(minutes / 60), "hour");
      return relative.format(-Math.floor(minutes / (24 * 60)), "day");
    },
  };
}
export type StaffFormat = ReturnType<typeof staffFormat>;
