import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { subYears } from "date-fns/subYears";

/*
 * How ages are counted (spec §5: members must be at least the site's min_age). An age is the
 * number of whole years since birth by the calendar: a birthday has come once the day's month
 * and day reach the birth's. Someone born on 29 February therefore turns a year older on
 * 1 March in common years, not on 28 February (born 2008-02-29: 17 on 2026-02-28, 18 on
 * 2026-03-01). Of the two conventions in use this is the later one (some countries count
 * 28 February), so a minor is never taken for an adult a day early. getAge compares the
 * month and day as written; date-fns's `subYears` from 29 February lands on 28 February, which
 * the birthdates for an age follow (age.test.ts holds the two to each other for every day of
 * ten years). Days are calendar days in UTC, the same for every server.
 */

/** The UTC calendar day of an instant, as date-fns's local-time Date of that day. */
function toCalendarDay(instant: Date): Date {
  return new Date(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
}

function toIsoDate(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/**
 * Age in whole years on a given day.
 * @example getAge("1990-06-15", new Date("2026-06-14")) // 35
 * @example getAge("2008-02-29", new Date("2026-02-28")) // 17
 */
export function getAge(birthdate: string, today: Date = new Date()): number {
  // The rule itself, on the ISO date's digits: every card a page lists counts an age, and
  // date-fns's parsing and difference were 2 % of /members' main thread (issue 30 item 1).
  const year = Number(birthdate.slice(0, 4));
  const monthDay = Number(birthdate.slice(5, 7)) * 100 + Number(birthdate.slice(8, 10));
  const todayMonthDay = (today.getUTCMonth() + 1) * 100 + today.getUTCDate();
  return today.getUTCFullYear() - year - (todayMonthDay < monthDay ? 1 : 0);
}

/**
 * The latest birthdate of someone who is at least `age` today (ISO date): the day they turned it.
 * @example latestBirthdateForAge(18, new Date("2026-11-21")) // "2008-11-21"
 * @example latestBirthdateForAge(18, new Date("2028-02-29")) // "2010-02-28"
 */
export function latestBirthdateForAge(age: number, today: Date = new Date()): string {
  return toIsoDate(subYears(toCalendarDay(today), age));
}

/**
 * The earliest birthdate of someone who is at most `age` today (ISO date): the day after the
 * latest birthdate for `age + 1`.
 * @example earliestBirthdateForAge(99, new Date("2026-11-21")) // "1926-11-22"
 */
export function earliestBirthdateForAge(age: number, today: Date = new Date()): string {
  return toIsoDate(addDays(subYears(toCalendarDay(today), age + 1), 1));
}
