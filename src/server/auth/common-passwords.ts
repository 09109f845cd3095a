import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

/**
 * Is this one of the ~18 000 leaked passwords of 8 or more characters in zxcvbn-ts's common
 * list? Such passwords are refused at signup and on change (OWASP ASVS 5.0, 6.2.4).
 */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const list = (dictionary as Record<string, string[]>)["passwords-common"] ?? [];
    common = new Set(list.filter((entry) => entry.length >= 8).map((entry) => entry.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}
