import { type InputHTMLAttributes, useId, useState } from "react";
import { CURRENCIES, PAYMENT_METHODS } from "../../contract/payment-options";
import type { CreateDiscountCodeBody, StaffDiscountCode } from "../../contract/staff-discounts";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import { Field } from "../ui/TextField";
import ActionForm from "./ActionForm";
import type { StaffFormat } from "./format";

/** A site as the page gives it: what the form offers for it. */
export type ConsoleSite = { id: string; name: string; countries: string[] };

type Props = {
  t: Translate;
  format: StaffFormat;
  sites: readonly ConsoleSite[];
  onCreated: (code: StaffDiscountCode) => void;
};

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim();
const orNull = (value: string) => (value === "" ? null : value);

/** A number typed in the staff member's language ("19,99" or "19.99"), or the text itself. */
function typedNumber(value: string): number | string | null {
  if (value === "") return null;
  const number = Number(value.replace(",", "."));
  return Number.isFinite(number) ? number : value;
}

/** A local date and time (`datetime-local`) as an ISO instant; the text itself if invalid. */
function instant(value: string): string | null {
  if (value === "") return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

/** The typed fields, in the form's order: the label's key, the body's name, the input. */
const TEXT_FIELDS = [
  {
    name: "code",
    field: "code",
    input: { required: true, maxLength: 40, autoCapitalize: "characters" },
  },
  {
    name: "value",
    field: "value_percentage",
    input: { required: true, maxLength: 2, inputMode: "numeric" },
  },
  { name: "minimum", field: "minimum_order_value", input: { inputMode: "decimal" } },
  { name: "member", field: "user_id", input: { inputMode: "numeric" } },
  { name: "startsAt", field: "starts_at", input: { type: "datetime-local" } },
  { name: "expiresAt", field: "expires_at", input: { type: "datetime-local" } },
] as const satisfies readonly {
  name: string;
  field: keyof CreateDiscountCodeBody;
  input: InputHTMLAttributes<HTMLInputElement>;
}[];

/** The form's fields as the API's body (the server validates; wrong values come back as 422). */
function bodyOf(data: FormData): CreateDiscountCodeBody {
  const minimum = typedNumber(text(data, "minimum_order_value"));
  const methods = data.getAll("payment_methods").map(String);
  return {
    code: text(data, "code"),
    value_percentage: typedNumber(text(data, "value_percentage")) as number,
    site: orNull(text(data, "site")),
    country: orNull(text(data, "country")),
    currency: orNull(text(data, "currency")) as CreateDiscountCodeBody["currency"],
    minimum_order_value: (typeof minimum === "number" ? Math.round(minimum * 100) : minimum) as
      | number
      | null,
    payment_methods: (methods.length > 0
      ? methods
      : null) as CreateDiscountCodeBody["payment_methods"],
    user_id: typedNumber(text(data, "user_id")) as number | null,
    starts_at: instant(text(data, "starts_at")),
    expires_at: instant(text(data, "expires_at")),
  };
}

/**
 * issue 28 item 3: a new discount code (spec §3 fields). Every field is labelled, with its hint,
 * and a 422's message under the field it is about; the countries offered follow the site.
 */
export default function DiscountCodeForm({ t, format, sites, onCreated }: Props) {
  const id = useId();
  const [siteId, setSiteId] = useState("");
  const site = sites.find((entry) => entry.id === siteId);
  const countries = [
    ...new Set(site ? site.countries : sites.flatMap((entry) => entry.countries)),
  ].sort((a, b) => format.country(a).localeCompare(format.country(b), format.locale));
  const currencyName = new Intl.DisplayNames(format.locale, { type: "currency" });

  async function submit(data: FormData) {
    const { code } = await api("POST /api/staff/discount-codes", { body: bodyOf(data) });
    onCreated(code);
    setSiteId("");
    return t("staff.console.discounts.create.done", { code: code.code });
  }

  const textField = (
    { name, field, input }: (typeof TEXT_FIELDS)[number],
    shown: Record<string, string>,
  ) => (
    <Field
      key={name}
      id={`${id}-${name}`}
      label={label(name)}
      hint={hint(name)}
      error={shown[field]}
    >
      {(control) => <input {...control} {...input} className="field-input" name={field} />}
    </Field>
  );
  const hint = (name: string) => t(`staff.console.discounts.field.${name}Hint` as MessageKey);
  const label = (name: string) => t(`staff.console.discounts.field.${name}` as MessageKey);
  return (
    <ActionForm
      t={t}
      title={t("staff.console.discounts.create.title")}
      submitLabel={t("staff.console.discounts.create.submit")}
      onSubmit={submit}
    >
      {(fields) => (
        <div className="stack">
          {TEXT_FIELDS.slice(0, 2).map((entry) => textField(entry, fields))}
          <Field id={`${id}-site`} label={label("site")} error={fields.site}>
            {(control) => (
              <select
                {...control}
                className="field-input"
                name="site"
                value={siteId}
                onChange={(event) => setSiteId(event.target.value)}
              >
                <option value="">{t("staff.console.discounts.anySite")}</option>
                {sites.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-country`} label={label("country")} error={fields.country}>
            {(control) => (
              <select {...control} className="field-input" name="country" defaultValue="">
                <option value="">{t("staff.console.discounts.anyCountry")}</option>
                {countries.map((country) => (
                  <option key={country} value={country}>
                    {format.country(country)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-currency`} label={label("currency")} error={fields.currency}>
            {(control) => (
              <select {...control} className="field-input" name="currency" defaultValue="">
                <option value="">{t("staff.console.discounts.anyCurrency")}</option>
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {`${currency} – ${currencyName.of(currency) ?? currency}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {TEXT_FIELDS.slice(2).map((entry) => textField(entry, fields))}
          <fieldset
            className="field"
            aria-describedby={`${id}-methods-hint`}
            aria-invalid={fields.payment_methods || fields["payment_methods.0"] ? true : undefined}
          >
            <legend className="field-label">{label("methods")}</legend>
            <div className="cluster">
              {PAYMENT_METHODS.map((method) => (
                <label key={method} className="checkbox">
                  <input type="checkbox" name="payment_methods" value={method} />{" "}
                  {t(`payments.method.${method}`)}
                </label>
              ))}
            </div>
            <p
              id={`${id}-methods-hint`}
              className={fields.payment_methods ? "field-error" : "field-hint"}
            >
              {fields.payment_methods ?? fields["payment_methods.0"] ?? hint("methods")}
            </p>
          </fieldset>
        </div>
      )}
    </ActionForm>
  );
}
