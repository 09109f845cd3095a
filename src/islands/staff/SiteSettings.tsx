import { useEffect, useId, useRef, useState } from "react";
import { CURRENCIES } from "../../contract/payment-options";
import { SIGNUP_MODES } from "../../contract/staff-options";
import type { SiteSettings as Settings, SiteSettingsAnswer } from "../../contract/staff-settings";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import { Field } from "../ui/TextField";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ActionForm from "./ActionForm";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";
import { staffFormat } from "./format";
import OutcomeStatus from "./OutcomeStatus";
import SiteSelect from "./SiteSelect";
import {
  patchOf,
  type SettingField,
  type SettingsGroup,
  settingsGroups,
  shownValue,
  valueAt,
  withNewPackage,
} from "./settings-form";

type Props = I18nProps & { sites: { id: string; name: string }[] };

/** The catalogue keys this island needs (its page picks them; its test too). */
export const SITE_SETTINGS_MESSAGES = [
  "staff.settings.",
  "staff.console.action.",
  "common.close",
  "error.",
  "validation.",
];

const INPUT_TYPES: Partial<Record<SettingField["kind"], string>> = {
  email: "email",
  date: "date",
};

/** One setting's control, labelled, its hint and its 422 message under it. */
function SettingControl(props: {
  t: Translate;
  field: SettingField;
  value: unknown;
  error: string | undefined;
}) {
  const { t, field, value, error } = props;
  const id = `${useId()}-${field.path}`;
  if (field.kind === "bool") {
    return (
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" name={field.path} defaultChecked={value === true} /> {field.label}
        </label>
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    );
  }
  const options =
    field.kind === "signups"
      ? SIGNUP_MODES.map((mode) => [mode, t(`staff.settings.signups.${mode}`)] as const)
      : field.kind === "currency"
        ? CURRENCIES.map((currency) => [currency, currency] as const)
        : null;
  return (
    <Field id={id} label={field.label} hint={field.hint} error={error}>
      {(control) =>
        options ? (
          <select
            {...control}
            className="field-input"
            name={field.path}
            defaultValue={String(value)}
          >
            {options.map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            className={
              field.kind === "int" || field.kind === "money"
                ? "field-input field-narrow"
                : "field-input"
            }
            name={field.path}
            type={INPUT_TYPES[field.kind] ?? "text"}
            inputMode={
              field.kind === "int" ? "numeric" : field.kind === "money" ? "decimal" : undefined
            }
            defaultValue={shownValue(field.kind, value)}
          />
        )
      }
    </Field>
  );
}

/**
 * The packages group: one fieldset a package with its fields and a button that takes it out,
 * and one that adds a package; nothing changes until the group is saved (and confirmed). A new
 * package's first field, or after a removal the add button, takes the focus.
 */
function PackageFields(props: {
  t: Translate;
  group: SettingsGroup;
  settings: Settings;
  fields: Record<string, string>;
  onChange: (packages: Settings["packages"]) => void;
}) {
  const { t, group, settings, fields } = props;
  const box = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<"new" | "add" | null>(null);
  useEffect(() => {
    if (focus === null) return;
    const last = settings.packages.length - 1;
    const target =
      focus === "new"
        ? box.current?.querySelector<HTMLElement>(`[name="packages.${last}.credits"]`)
        : box.current?.querySelector<HTMLElement>("[data-add-package]");
    target?.focus();
    setFocus(null);
  }, [focus, settings.packages.length]);
  return (
    <div className="stack" ref={box}>
      <p className="field-hint">{t("staff.settings.packagesHint")}</p>
      {settings.packages.map((entry) => (
        <fieldset key={entry.id} className="staff-package stack">
          <legend>{t("staff.settings.package", { id: entry.id })}</legend>
          {group.fields
            .filter((field) => field.packageId === entry.id)
            .map((field) => (
              <SettingControl
                key={`${entry.id}-${field.path}`}
                t={t}
                field={field}
                value={valueAt(settings, field.path)}
                error={fields[field.path]}
              />
            ))}
          <div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={settings.packages.length === 1}
              onClick={() => {
                props.onChange(settings.packages.filter((other) => other.id !== entry.id));
                setFocus("add");
              }}
            >
              {t("staff.settings.removePackage", { id: entry.id })}
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          data-add-package
          disabled={settings.packages.length >= 12}
          onClick={() => {
            props.onChange(withNewPackage(settings.packages));
            setFocus("new");
          }}
        >
          {t("staff.settings.addPackage")}
        </button>
      </div>
    </div>
  );
}

/**
 * Issue 28 item 2: a site's settings (spec §3) for admins, in groups, each saved on its own.
 * What was typed stays after a refusal, each message under its field; a saved change is in
 * force on every process within a second. Prices are confirmed first: new orders pay them.
 */
export default function SiteSettings(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const siteId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const [site, setSite] = useState(props.sites[0]?.id ?? "");
  const [answer, setAnswer] = useState<SiteSettingsAnswer | null>(null);
  // Packages added or taken out in the form, until its group is saved.
  const [packages, setPackages] = useState<Settings["packages"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmation = useConfirm();

  useEffect(() => {
    setAnswer(null);
    setPackages(null);
    setError(null);
    api("GET /api/staff/sites/{site}/settings", { params: { site } }).then(setAnswer, (failure) =>
      setError(describeApiError(failure, t)),
    );
  }, [site, t]);

  async function save(group: SettingsGroup, data: FormData): Promise<string> {
    if (!answer) return "";
    const saved = await api("PUT /api/staff/sites/{site}/settings", {
      params: { site },
      body: patchOf(group, settings ?? answer.settings, data),
    });
    setAnswer(saved);
    if (group.keys.includes("packages")) setPackages(null);
    return t("staff.settings.saved", { group: group.title });
  }

  const settings = answer
    ? { ...answer.settings, packages: packages ?? answer.settings.packages }
    : null;
  const groups = settings ? settingsGroups(t, format, settings) : [];
  return (
    <div className="stack">
      <SiteSelect
        id={siteId}
        label={t("staff.settings.site")}
        sites={props.sites}
        value={site}
        onChange={setSite}
      />
      <OutcomeStatus statusRef={statusRef} error={error} status={null} />
      {answer ? (
        <p className="muted">
          {answer.version === 0
            ? t("staff.settings.neverChanged")
            : t("staff.settings.lastChange", { when: format.dateTime(answer.updated_at) })}
        </p>
      ) : null}
      {groups.map((group) => (
        <ActionForm
          key={`${site}-${group.id}`}
          t={t}
          title={group.title}
          submitLabel={t("staff.settings.save")}
          onSubmit={(data) => save(group, data)}
          {...(group.confirm ? { confirm: confirmation.ask } : {})}
        >
          {(fields) =>
            group.keys.includes("packages") && settings ? (
              <PackageFields
                t={t}
                group={group}
                settings={settings}
                fields={fields}
                onChange={setPackages}
              />
            ) : (
              <div className="stack">
                {group.fields.map((field) => (
                  <SettingControl
                    key={field.path}
                    t={t}
                    field={field}
                    value={valueAt(settings, field.path)}
                    error={fields[field.path]}
                  />
                ))}
              </div>
            )
          }
        </ActionForm>
      ))}
      <ConfirmDialog
        t={t}
        open={confirmation.open}
        title={t("staff.settings.confirmPrices.title")}
        confirmLabel={t("staff.settings.confirmPrices.confirm")}
        onClose={confirmation.close}
      >
        <p>{t("staff.settings.confirmPrices.text")}</p>
      </ConfirmDialog>
    </div>
  );
}
