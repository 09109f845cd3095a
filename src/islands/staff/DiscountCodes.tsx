import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type {
  DiscountCodesAnswer,
  DiscountUsage,
  StaffDiscountCode,
} from "../../contract/staff-discounts";
import { DISCOUNT_CODE_STATES, type DiscountCodeState } from "../../contract/staff-options";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ColumnHeads from "./ColumnHeads";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";
import DiscountCodeForm, { type ConsoleSite } from "./DiscountCodeForm";
import { type StaffFormat, staffFormat } from "./format";
import OutcomeStatus from "./OutcomeStatus";
import ReasonField from "./ReasonField";
import { useKeysetList } from "./use-keyset-list";

type Props = I18nProps & { sites: ConsoleSite[] };

/** The catalogue keys this island needs (its page picks them; its test too). */
export const DISCOUNT_CODES_MESSAGES = [
  "staff.console.discounts.",
  "staff.console.action.",
  "payments.method.",
  "common.close",
  "error.",
  "validation.",
];

const COLUMNS = [
  "staff.console.discounts.column.code",
  "staff.console.discounts.column.value",
  "staff.console.discounts.filter.site",
  "staff.console.discounts.column.rules",
  "staff.console.discounts.column.validity",
  "staff.console.discounts.filter.state",
  "staff.console.discounts.column.orders",
  "staff.console.discounts.column.revenue",
  "staff.console.discounts.column.actions",
] as const satisfies readonly MessageKey[];

type Filters = { site: string; status: DiscountCodeState | "" };

/** Orders and revenue per currency, as one cell each. */
function Usage({ usage, format }: { usage: DiscountUsage; format: StaffFormat }) {
  return (
    <>
      <td>{format.number(usage.orders)}</td>
      <td>
        {usage.revenue.length === 0
          ? "–"
          : usage.revenue.map((entry) => format.money(entry.amount, entry.currency)).join(" · ")}
      </td>
    </>
  );
}

/** What restricts a code, in words: country, currency, minimum, methods, member. */
function rules(t: Translate, format: StaffFormat, code: StaffDiscountCode): string {
  const parts = [
    code.country &&
      t("staff.console.discounts.rule.country", { country: format.country(code.country) }),
    code.currency && t("staff.console.discounts.rule.currency", { currency: code.currency }),
    code.minimum_order_value !== null &&
      code.currency &&
      t("staff.console.discounts.rule.minimum", {
        amount: format.money(code.minimum_order_value, code.currency),
      }),
    code.payment_methods &&
      t("staff.console.discounts.rule.methods", {
        methods: code.payment_methods.map((method) => t(`payments.method.${method}`)).join(", "),
      }),
    code.user_id !== null && t("staff.console.discounts.rule.member", { id: code.user_id }),
  ].filter((part): part is string => typeof part === "string");
  return parts.length > 0 ? parts.join("; ") : t("staff.console.discounts.rule.none");
}

function validity(t: Translate, format: StaffFormat, code: StaffDiscountCode): string {
  const parts = [
    code.starts_at &&
      t("staff.console.discounts.validity.from", { date: format.dateTime(code.starts_at) }),
    code.expires_at &&
      t("staff.console.discounts.validity.until", { date: format.dateTime(code.expires_at) }),
  ].filter((part): part is string => typeof part === "string");
  return code.expires_at
    ? parts.join(" ")
    : [...parts, t("staff.console.discounts.validity.always")].join(" · ");
}

/**
 * issue 28 item 3: the discount codes of the sites (GET /api/staff/discount-codes), newest
 * first, by site and state, each with its usage; the built-in codes read only; a new code; and
 * disabling one after a confirmation with a reason (cancelled, focus goes back to its button;
 * done, to the outcome, as the button is gone).
 */
export default function DiscountCodes(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const ids = { site: useId(), state: useId(), reason: useId() };
  const [filters, setFilters] = useState<Filters>({ site: "", status: "" });
  const [builtin, setBuiltin] = useState<DiscountCodesAnswer["builtin"]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<StaffDiscountCode | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The reason as typed when the dialog closed (its field goes with it).
  const typedReason = useRef("");
  const statusRef = useRef<HTMLDivElement>(null);
  const confirmation = useConfirm();
  const list = useKeysetList<StaffDiscountCode>(t, async (cursor) => {
    const page = await api("GET /api/staff/discount-codes", {
      query: {
        site: filters.site || undefined,
        status: filters.status || undefined,
        cursor: cursor ?? undefined,
      },
    });
    setBuiltin(page.builtin);
    return { items: page.codes, next: page.next_cursor };
  });
  const siteName = (id: string | null) =>
    id === null
      ? t("staff.console.discounts.anySite")
      : (props.sites.find((site) => site.id === id)?.name ?? id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void list.load(null);
  }, []);

  function filter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void list.load(null);
  }

  async function disable(code: StaffDiscountCode) {
    setDisabling(code);
    setReasonError(undefined);
    while (await confirmation.ask()) {
      const reason = typedReason.current.trim();
      if (!reason) {
        setReasonError(t("validation.required"));
        continue;
      }
      try {
        const answer = await api("POST /api/staff/discount-codes/{code}/disable", {
          params: { code: code.code },
          body: { reason },
        });
        list.update(code.id, () => answer.code);
        setStatus(t("staff.console.discounts.disable.done", { code: code.code }));
        list.setError(null);
        // Its button is gone with the change: the outcome is heard here.
        requestAnimationFrame(() => statusRef.current?.focus());
      } catch (caught) {
        list.setError(describeApiError(caught, t));
      }
      break;
    }
    setDisabling(null);
  }

  const codes = list.items;
  return (
    <div className="stack">
      <p className="muted">{t("staff.console.discounts.lead")}</p>
      <form className="cluster" onSubmit={filter} aria-label={t("staff.console.discounts.title")}>
        <div className="field">
          <label htmlFor={ids.site} className="field-label">
            {t("staff.console.discounts.filter.site")}
          </label>
          <select
            id={ids.site}
            className="field-input"
            value={filters.site}
            onChange={(event) => setFilters({ ...filters, site: event.target.value })}
          >
            <option value="">{t("staff.console.discounts.anySite")}</option>
            {props.sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.state} className="field-label">
            {t("staff.console.discounts.filter.state")}
          </label>
          <select
            id={ids.state}
            className="field-input"
            value={filters.status}
            onChange={(event) =>
              setFilters({ ...filters, status: event.target.value as Filters["status"] })
            }
          >
            <option value="">{t("staff.console.discounts.anyState")}</option>
            {DISCOUNT_CODE_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`staff.console.discounts.state.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={list.loading}>
            {t("staff.console.discounts.filter.apply")}
          </button>
        </div>
      </form>
      <OutcomeStatus statusRef={statusRef} error={list.error} status={status} />
      {codes === null ? (
        list.error ? null : (
          <p role="status">{t("staff.console.discounts.loading")}</p>
        )
      ) : codes.length === 0 ? (
        <p role="status">{t("staff.console.discounts.empty")}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption>{t("staff.console.discounts.caption")}</caption>
            <ColumnHeads labels={COLUMNS.map((column) => t(column))} />
            <tbody>
              {codes.map((code) => (
                <tr key={code.id}>
                  <th scope="row">
                    <code>{code.code}</code>
                  </th>
                  <td>{format.percent(code.value_percentage)}</td>
                  <td>{siteName(code.site)}</td>
                  <td>{rules(t, format, code)}</td>
                  <td>{validity(t, format, code)}</td>
                  <td>{t(`staff.console.discounts.state.${code.state}`)}</td>
                  <Usage usage={code.usage} format={format} />
                  <td>
                    {code.status === "active" ? (
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={t("staff.console.discounts.disable.label", { code: code.code })}
                        onClick={() => void disable(code)}
                      >
                        {t("staff.console.discounts.disable.button")}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {codes && codes.length > 0 ? (
        <p className="muted">{t("staff.console.discounts.shown", { count: codes.length })}</p>
      ) : null}
      {list.next ? (
        <p>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={list.loading}
            onClick={() => void list.load(list.next)}
          >
            {t("staff.console.discounts.more")}
          </button>
        </p>
      ) : null}
      <section className="staff-section" aria-labelledby={`${ids.site}-builtin`}>
        <h2 id={`${ids.site}-builtin`}>{t("staff.console.discounts.builtin.title")}</h2>
        <p className="muted">{t("staff.console.discounts.builtin.lead")}</p>
        <table className="staff-table">
          <caption className="visually-hidden">
            {t("staff.console.discounts.builtin.title")}
          </caption>
          <ColumnHeads
            labels={[
              t("staff.console.discounts.column.code"),
              t("staff.console.discounts.column.value"),
              t("staff.console.discounts.builtin.column.description"),
              t("staff.console.discounts.column.orders"),
              t("staff.console.discounts.column.revenue"),
            ]}
          />
          <tbody>
            {builtin.map((entry) => (
              <tr key={entry.code}>
                <th scope="row">
                  <code>{entry.code}</code>
                </th>
                <td>{format.percent(entry.value_percentage)}</td>
                <td>{t(`staff.console.discounts.builtin.${entry.kind}`)}</td>
                <Usage usage={entry.usage} format={format} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <DiscountCodeForm
        t={t}
        format={format}
        sites={props.sites}
        onCreated={() => void list.load(null)}
      />
      <ConfirmDialog
        t={t}
        open={confirmation.open}
        title={t("staff.console.discounts.disable.title", { code: disabling?.code ?? "" })}
        confirmLabel={t("staff.console.discounts.disable.confirm")}
        onClose={(confirmed) => {
          typedReason.current = reasonRef.current?.value ?? "";
          confirmation.close(confirmed);
        }}
      >
        <p>{t("staff.console.discounts.disable.text")}</p>
        <ReasonField t={t} maxLength={500} error={reasonError} inputRef={reasonRef} />
      </ConfirmDialog>
    </div>
  );
}
