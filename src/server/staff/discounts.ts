import { eq } from "drizzle-orm";
import type { AuditValues } from "../../contract/staff";
import type {
  DiscountCodeAnswer,
  DiscountCodesAnswer,
  DiscountCodesQuery,
  NewDiscountCode,
  StaffDiscountCode,
} from "../../contract/staff-discounts";
import type { Database } from "../db/client";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import {
  BUILTIN_CODES,
  codeUsage,
  insertDiscountCode,
  listDiscountCodes,
  lockDiscountCode,
  markCodeDisabled,
  toStaffCode,
} from "../payments/discount-codes";
import { sites } from "../sites/registry";
import { users } from "../users/schema";
import { recordStaffAction, type StaffActor } from "./audit";
import { requirePermission } from "./permissions";

/*
 * issue 28 item 3: discount codes in the console, for admins (`discounts.manage`). The
 * permission is checked here, before anything is read; each change and its audit row (before
 * and after) commit in one transaction.
 */

/** Refuses all but a staff member whose role may manage discount codes: 403 `forbidden`. */
function admit(actor: StaffActor): void {
  if (!actor.staff) throw new ApiError(403, "forbidden", "error.forbidden");
  requirePermission(actor.staff, "discounts.manage");
}

function codeExists(): ApiError {
  return new ApiError(409, "discount_code_exists", "staff.console.discounts.error.exists");
}

/** A code as the audit log keeps it: the fields that say what it does. */
function audited(code: StaffDiscountCode): AuditValues {
  return {
    code: code.code,
    site: code.site,
    country: code.country,
    currency: code.currency,
    user_id: code.user_id,
    value_percentage: code.value_percentage,
    minimum_order_value: code.minimum_order_value,
    payment_methods: code.payment_methods?.join(",") ?? null,
    starts_at: code.starts_at,
    expires_at: code.expires_at,
    status: code.status,
  };
}

export async function staffDiscountCodes(
  db: Database,
  actor: StaffActor,
  query: DiscountCodesQuery,
): Promise<DiscountCodesAnswer> {
  admit(actor);
  if (query.site !== undefined && !sites.some((site) => site.id === query.site)) {
    throw new ValidationError({ site: { key: "validation.invalidOption" } });
  }
  return listDiscountCodes(db, query);
}

/** What the registry and the members table say of a new code: a 422 per field that is wrong. */
async function checkReferences(db: Database, values: NewDiscountCode): Promise<void> {
  const site = values.site === null ? null : sites.find((entry) => entry.id === values.site);
  if (site === undefined) throw new ValidationError({ site: { key: "validation.invalidOption" } });
  const countries = site ? site.countries : sites.flatMap((entry) => entry.countries);
  if (values.country !== null && !countries.includes(values.country)) {
    throw new ValidationError({
      country: { key: "staff.console.discounts.error.countryNotServed" },
    });
  }
  if (values.user_id !== null) {
    const [member] = await db
      .select({ id: users.id, erasedAt: users.erasedAt })
      .from(users)
      .where(eq(users.id, values.user_id));
    if (!member || member.erasedAt) {
      throw new ValidationError({ user_id: { key: "staff.console.discounts.error.noMember" } });
    }
  }
}

/** A new code (409 discount_code_exists when the code is taken, the built-in ones included). */
export async function createStaffDiscountCode(
  db: Database,
  actor: StaffActor,
  values: NewDiscountCode,
): Promise<DiscountCodeAnswer> {
  admit(actor);
  if (BUILTIN_CODES.some((entry) => entry.code === values.code)) throw codeExists();
  await checkReferences(db, values);
  return db.transaction(async (tx) => {
    const row = await insertDiscountCode(tx, values);
    if (!row) throw codeExists();
    const code = toStaffCode(row, undefined, new Date());
    await recordStaffAction(tx, actor, {
      action: "discount.create",
      target: { type: "discount_code", id: code.code },
      before: null,
      after: audited(code),
    });
    return { code };
  });
}

/** Disables a code, with why; 404 for none (a built-in one too), 409 when it is already. */
export async function disableStaffDiscountCode(
  db: Database,
  actor: StaffActor,
  typed: string,
  reason: string,
): Promise<DiscountCodeAnswer> {
  admit(actor);
  return db.transaction(async (tx) => {
    const before = await lockDiscountCode(tx, typed);
    if (!before) throw notFound("staff.console.discounts.error.notFound");
    if (before.status === "disabled") {
      throw new ApiError(409, "discount_code_disabled", "staff.console.discounts.error.disabled");
    }
    const now = new Date();
    const row = await markCodeDisabled(tx, before.code);
    const usage = (await codeUsage(tx, [row.code])).get(row.code);
    const code = toStaffCode(row, usage, now);
    await recordStaffAction(tx, actor, {
      action: "discount.disable",
      target: { type: "discount_code", id: code.code },
      reason,
      before: audited(toStaffCode(before, usage, now)),
      after: audited(code),
    });
    return { code };
  });
}
