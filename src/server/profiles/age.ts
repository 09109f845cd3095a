/**
 * Age in whole years on a given day.
 * @example getAge("1990-06-15", new Date("2026-06-14")) // 35
 */
export function getAge(birthdate: string, today: Date = new Date()): number {
  const [year = 0, month = 1, day = 1] = birthdate.split("-").map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The latest birthdate of someone who is at least `age` today (ISO date).
 * @example latestBirthdateForAge(18, new Date("2026-11-21")) // "2008-11-21"
 */
export function latestBirthdateForAge(age: number, today: Date = new Date()): string {
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()),
  );
  return date.toISOString().slice(0, 10);
}
