import { EMAIL_DISABLED_REASONS, USER_STATUSES } from "../../contract/account-options";
import { CREDIT_REASONS } from "../../contract/credit-options";
import { MAIL_KINDS, MAIL_STATUSES } from "../../contract/mail-options";
import { ORDER_STATES, PAYMENT_METHODS } from "../../contract/payment-options";
import {
  GENDERS,
  PHOTO_STATUSES,
  PROFILE_KINDS,
  PROFILE_STATUSES,
} from "../../contract/profile-options";
import { REPORT_REASONS } from "../../contract/report-options";
import {
  STAFF_AUDIT_ACTIONS,
  STAFF_AUDIT_TARGETS,
  STAFF_ROLES,
} from "../../contract/staff-options";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";

/**
 * design §13: the stored codes the console shows, one set each, with where their labels live
 * (`<prefix><code>`). Members' labels are reused where they name the same values (genders,
 * report reasons, payment methods, ledger reasons, photo statuses); the rest are staff's own, under
 * `staff.console.code.`. A test requires a label for every value in every catalogue.
 */
export const CODE_SETS = {
  accountStatus: { prefix: "staff.console.code.accountStatus.", values: USER_STATUSES },
  emailDisabledReason: {
    prefix: "staff.console.code.emailDisabledReason.",
    values: EMAIL_DISABLED_REASONS,
  },
  profileStatus: { prefix: "staff.console.code.profileStatus.", values: PROFILE_STATUSES },
  profileKind: { prefix: "staff.console.code.profileKind.", values: PROFILE_KINDS },
  gender: { prefix: "profile.gender.", values: GENDERS },
  photoStatus: { prefix: "photos.status.", values: PHOTO_STATUSES },
  reportReason: { prefix: "report.reason.", values: REPORT_REASONS },
  orderState: { prefix: "staff.console.code.orderState.", values: ORDER_STATES },
  paymentMethod: { prefix: "payments.method.", values: PAYMENT_METHODS },
  creditReason: { prefix: "payments.reason.", values: CREDIT_REASONS },
  mailKind: { prefix: "staff.console.code.mailKind.", values: MAIL_KINDS },
  mailStatus: { prefix: "staff.console.code.mailStatus.", values: MAIL_STATUSES },
  auditAction: { prefix: "staff.console.code.auditAction.", values: STAFF_AUDIT_ACTIONS },
  auditTarget: { prefix: "staff.console.target.", values: STAFF_AUDIT_TARGETS },
  staffRole: { prefix: "staff.console.role.", values: STAFF_ROLES },
} as const satisfies Record<string, { prefix: string; values: readonly string[] }>;

export type CodeSet = keyof typeof CODE_SETS;

/** The sets the member screen shows (its page picks their labels; its test too). */
export const MEMBER_SCREEN_CODES: readonly CodeSet[] = [
  "accountStatus",
  "emailDisabledReason",
  "profileStatus",
  "profileKind",
  "gender",
  "photoStatus",
  "orderState",
  "paymentMethod",
  "creditReason",
  "reportReason",
  "mailKind",
  "mailStatus",
];

/** The catalogue key of one code's label. */
export function codeLabelKey(set: CodeSet, code: string): MessageKey {
  return `${CODE_SETS[set].prefix}${code}` as MessageKey;
}

/**
 * A stored code as staff read it: its label, or the code itself when the catalogue has none
 * (a value newer than the catalogues, or a set's label not picked for the page).
 * @example codeLabel(t, "orderState", "completed") // "Paid"
 */
export function codeLabel(t: Translate, set: CodeSet, code: string): string {
  const key = codeLabelKey(set, code);
  const label = t(key);
  return label === key ? code : label;
}

/**
 * The pickMessages prefixes of some sets' labels, for a page whose island shows them.
 * @example pickMessages(locale, ["staff.console.member.", ...codeLabelPrefixes("orderState")])
 */
export function codeLabelPrefixes(...sets: CodeSet[]): string[] {
  return [...new Set(sets.map((set) => CODE_SETS[set].prefix))];
}
