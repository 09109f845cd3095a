import { CURRENCIES } from "../../contract/payment-options";
import type { SiteSettings, SiteSettingsPatch } from "../../contract/staff-settings";
import type { Translate } from "../../i18n/translate";
import type { StaffFormat } from "./format";

/*
 * Issue 28 item 2: the console's settings forms as data. Each group is a form of fields; a field
 * is named by its path in the settings document (the path a 422 names), so an error shows under
 * the field it is about. Pure: the island renders it (SiteSettings.tsx), the test reads it.
 */

export type FieldKind =
  | "int"
  | "money"
  | "text"
  | "email"
  | "date"
  | "bool"
  | "list"
  | "countries"
  | "currency"
  | "signups";

export type SettingField = {
  path: string;
  kind: FieldKind;
  label: string;
  hint?: string;
  /** A package's field: the package's id (the packages group shows one fieldset a package). */
  packageId?: number;
};

export type SettingsGroup = {
  id: string;
  title: string;
  /** The top-level settings the group changes (its PUT names only these). */
  keys: (keyof SiteSettings)[];
  fields: SettingField[];
  /** A change that needs a second look (prices) is confirmed first. */
  confirm?: boolean;
};

const COMPANY_FIELDS: [string, FieldKind][] = [
  ["name", "text"],
  ["address", "text"],
  ["registration_number", "text"],
  ["city", "text"],
  ["country", "text"],
  ["tradenames", "list"],
  ["vat_numbers", "list"],
  ["support_phone", "text"],
  ["delete_discount", "int"],
  ["added", "date"],
];

const camel = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The groups of the screen for one site's settings, labelled in the staff member's language. */
export function settingsGroups(
  t: Translate,
  format: StaffFormat,
  settings: SiteSettings,
): SettingsGroup[] {
  const plain = (path: string, kind: FieldKind, hint = false): SettingField => {
    const key = camel(path.replace(/^company\./, "company_"));
    return {
      path,
      kind,
      label: t(`staff.settings.field.${key}` as Parameters<Translate>[0]),
      ...(hint ? { hint: t(`staff.settings.field.${key}Hint` as Parameters<Translate>[0]) } : {}),
    };
  };
  const countries = Object.keys(settings.minimum_message_costs);
  const group = (id: string, keys: (keyof SiteSettings)[], fields: SettingField[]) => ({
    id,
    title: t(`staff.settings.group.${id}` as Parameters<Translate>[0]),
    keys,
    fields,
  });
  return [
    group(
      "costs",
      ["message_credits", "photo_credits", "gift_credits", "signup_credits"],
      [
        plain("message_credits", "int"),
        plain("photo_credits", "int"),
        plain("gift_credits", "int"),
        plain("signup_credits", "int", true),
      ],
    ),
    group(
      "messages",
      ["message_length", "minimum_message_costs"],
      [
        plain("message_length", "int", true),
        ...countries.flatMap((country) => {
          const name = format.country(country);
          return [
            {
              path: `minimum_message_costs.${country}.costs`,
              kind: "money" as const,
              label: t("staff.settings.field.minimumCost", { country: name }),
            },
            {
              path: `minimum_message_costs.${country}.currency`,
              kind: "currency" as const,
              label: t("staff.settings.field.minimumCurrency", { country: name }),
            },
          ];
        }),
      ],
    ),
    group(
      "signups",
      ["signups", "logged_out_search", "logged_out_search_trafficsource"],
      [
        plain("signups", "signups"),
        plain("logged_out_search", "bool"),
        plain("logged_out_search_trafficsource", "bool"),
      ],
    ),
    group(
      "entryPopup",
      ["enable_site_entry_popup", "entry_popup_countries"],
      [plain("enable_site_entry_popup", "bool"), plain("entry_popup_countries", "countries", true)],
    ),
    group(
      "support",
      ["support_email", "support_phone", "company"],
      [
        plain("support_email", "email"),
        plain("support_phone", "text"),
        ...COMPANY_FIELDS.map(([name, kind]) => plain(`company.${name}`, kind)),
      ],
    ),
    {
      ...group(
        "packages",
        ["packages"],
        settings.packages.flatMap((entry, index) => [
          {
            path: `packages.${index}.credits`,
            kind: "int" as const,
            label: t("staff.settings.field.packageCredits", { id: entry.id }),
            packageId: entry.id,
          },
          {
            path: `packages.${index}.popular`,
            kind: "bool" as const,
            label: t("staff.settings.field.packagePopular", { id: entry.id }),
            packageId: entry.id,
          },
          ...CURRENCIES.map((currency) => ({
            path: `packages.${index}.prices.${currency}`,
            kind: "money" as const,
            label: t("staff.settings.field.packagePrice", { id: entry.id, currency }),
            packageId: entry.id,
          })),
        ]),
      ),
      confirm: true,
    },
    group(
      "payments",
      ["direct_debit_monthly_limit", "refund_days"],
      [plain("direct_debit_monthly_limit", "money", true), plain("refund_days", "int")],
    ),
  ];
}

/** The value at a dotted path of the document. */
export function valueAt(document: unknown, path: string): unknown {
  let value = document;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function setAt(document: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop() as string;
  let target: Record<string, unknown> = document;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  target[last] = value;
}

/** What a field's input shows for its stored value. */
export function shownValue(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (kind === "money") return ((value as number) / 100).toFixed(2);
  if (kind === "list" || kind === "countries") return (value as string[]).join(", ");
  return String(value);
}

/** A number as typed ("19,99" or "19.99"), or the text itself for the server to refuse. */
function typed(value: string, scale: number): number | string {
  const number = Number(value.trim().replace(",", "."));
  return value.trim() !== "" && Number.isFinite(number) ? Math.round(number * scale) : value;
}

function readValue(kind: FieldKind, data: FormData, path: string): unknown {
  const raw = String(data.get(path) ?? "");
  switch (kind) {
    case "bool":
      return data.get(path) !== null;
    case "int":
      return typed(raw, 1);
    case "money":
      return typed(raw, 100);
    case "list":
    case "countries": {
      const items = raw
        .split(",")
        .map((item) => (kind === "countries" ? item.trim().toLowerCase() : item.trim()))
        .filter(Boolean);
      return kind === "countries" && items.length === 0 ? null : items;
    }
    default:
      return raw.trim();
  }
}

/** The group's form as a PUT body: its top-level settings, each whole, with what was typed. */
export function patchOf(group: SettingsGroup, settings: SiteSettings, data: FormData) {
  const patch = structuredClone(
    Object.fromEntries(group.keys.map((key) => [key, settings[key]])),
  ) as Record<string, unknown>;
  for (const field of group.fields)
    setAt(patch, field.path, readValue(field.kind, data, field.path));
  return patch as SiteSettingsPatch;
}

type Package = SiteSettings["packages"][number];

/** The packages with a new one after them: the next free number, nothing filled in yet. */
export function withNewPackage(packages: readonly Package[]): Package[] {
  const id = Math.max(0, ...packages.map((entry) => entry.id)) + 1;
  return [...packages, { id, credits: null, popular: false, prices: {} } as unknown as Package];
}
