import {
  type ChangeEvent,
  type ReactNode,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Translate } from "../../i18n/translate";

export type DatePart = "day" | "month" | "year";

/**
 * The order in which the locale writes a date, e.g. day, month, year for "de" (23.11.2001),
 * month, day, year for "en-US" (11/23/2001), year, month, day for "sv" (2001-11-23). Our "en"
 * is British English (issue 29 item 19: the sites' English market is the UK): day, month, year.
 */
export function findDatePartOrder(locale: string): DatePart[] {
  const isPart = (type: string): type is DatePart =>
    type === "day" || type === "month" || type === "year";
  const order = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { timeZone: "UTC" })
    .formatToParts(Date.UTC(2001, 10, 23))
    .map((part) => part.type)
    .filter(isPart);
  return order.length === 3 ? order : ["day", "month", "year"];
}

/** The twelve month names as the locale names them on their own ("März", "marzec"). */
export function findMonthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2001, month, 1)));
}

/**
 * The ISO date (YYYY-MM-DD) of a day, month and year, or null when that day does not exist.
 * @example assembleIsoDate(2001, 2, 31) // null: no 31 February
 */
export function assembleIsoDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 1 || month < 1 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March and treats years 0-99 as 19xx.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

type Parts = Record<DatePart, string>;

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

function splitIsoDate(value: string | null | undefined): Parts {
  const [year = "", month = "", day = ""] = /^\d{4}-\d{2}-\d{2}$/.test(value ?? "")
    ? (value as string).split("-")
    : [];
  return { year, month: month && String(Number(month)), day: day && String(Number(day)) };
}

type Props = {
  /** The base id: the fieldset's; the selects get `${id}-day` and so on. */
  id: string;
  /** The name the ISO date is submitted under (a hidden input the form reads). */
  name: string;
  legend: string;
  /** The page's locale: the parts' order and the month names follow it. */
  locale: string;
  /** Translates the part labels and the impossible-date message (`dateOfBirth.*`). */
  t: Translate;
  defaultValue?: string | null | undefined;
  /** Earliest and latest dates (ISO) whose years are offered, latest first. */
  min: string;
  max: string;
  /** A message for the field from the server (a 422) or the form. */
  error?: string | null | undefined;
};

/**
 * A date of birth as three labelled selects (day, month by name, year) in the order the page's
 * language writes dates, instead of `<input type="date">`, which shows the browser's format and
 * not the page's. The form gets the same ISO value under `name` as before; a day that does not
 * exist (31 February) is refused at once with a translated message and submits nothing. Only
 * years up to the latest allowed one are offered; the server still checks the minimum age.
 */
export default function DateOfBirthField({
  id,
  name,
  legend,
  locale,
  t,
  defaultValue,
  min,
  max,
  error,
}: Props) {
  const [parts, setParts] = useState<Parts>(() => splitIsoDate(defaultValue));
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // Parts chosen in the server-rendered selects before the island hydrated (a quick member on a
  // slow phone) are in the page, not in the state: taken over once, so they are not lost.
  useLayoutEffect(() => {
    const chosen = (part: DatePart) =>
      fieldset.current?.querySelector<HTMLSelectElement>(`.date-of-birth-${part}`)?.value ?? "";
    const shown = { day: chosen("day"), month: chosen("month"), year: chosen("year") };
    setParts((current) =>
      shown.day === current.day && shown.month === current.month && shown.year === current.year
        ? current
        : shown,
    );
  }, []);
  const order = useMemo(() => findDatePartOrder(locale), [locale]);
  const monthNames = useMemo(() => findMonthNames(locale), [locale]);
  const years = useMemo(() => {
    const given = Number(splitIsoDate(defaultValue).year) || null;
    const latest = Math.max(Number(max.slice(0, 4)), given ?? 0);
    const earliest = Math.min(Number(min.slice(0, 4)), given ?? Number.POSITIVE_INFINITY);
    return Array.from({ length: latest - earliest + 1 }, (_, index) => String(latest - index));
  }, [defaultValue, min, max]);

  const complete = parts.day !== "" && parts.month !== "" && parts.year !== "";
  const value = complete
    ? assembleIsoDate(Number(parts.year), Number(parts.month), Number(parts.day))
    : null;
  const message = complete && value === null ? t("dateOfBirth.invalid") : (error ?? null);
  const errorId = `${id}-error`;
  const control = (part: DatePart) => ({
    id: `${id}-${part}`,
    className: `field-input date-of-birth-${part}`,
    value: parts[part],
    required: true,
    "aria-invalid": message ? (true as const) : undefined,
    "aria-describedby": message ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const chosen = event.currentTarget.value;
      setParts((current) => ({ ...current, [part]: chosen }));
    },
  });

  const selects: Record<DatePart, ReactNode> = {
    day: (
      <select {...control("day")} autoComplete="bday-day">
        <option value="" />
        {DAYS.map((day) => (
          <option key={day} value={day}>
            {day}
          </option>
        ))}
      </select>
    ),
    month: (
      <select {...control("month")} autoComplete="bday-month">
        <option value="" />
        {monthNames.map((monthName, index) => (
          <option key={monthName} value={String(index + 1)}>
            {monthName}
          </option>
        ))}
      </select>
    ),
    year: (
      <select {...control("year")} autoComplete="bday-year">
        <option value="" />
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    ),
  };

  return (
    <fieldset
      ref={fieldset}
      id={id}
      className="field date-of-birth"
      aria-describedby={message ? errorId : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="date-of-birth-parts">
        {order.map((part) => (
          <div key={part} className={`date-of-birth-part date-of-birth-part-${part}`}>
            <label htmlFor={`${id}-${part}`} className="date-of-birth-label">
              {t(`dateOfBirth.${part}`)}
            </label>
            {selects[part]}
          </div>
        ))}
      </div>
      <input type="hidden" name={name} value={value ?? ""} />
      <div aria-live="polite">
        {message ? (
          <p id={errorId} className="field-error">
            {message}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
