import { type SubmitEvent, useEffect, useId, useState } from "react";
import type { AuditEntry, AuditValues } from "../../contract/staff";
import { STAFF_AUDIT_TARGETS } from "../../contract/staff-options";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ColumnHeads from "./ColumnHeads";
import { codeLabel } from "./code-labels";
import { staffFormat } from "./format";

type Filters = Record<"staff" | "action" | "target_type" | "target_id" | "from" | "to", string>;
const NO_FILTERS: Filters = {
  staff: "",
  action: "",
  target_type: "",
  target_id: "",
  from: "",
  to: "",
};

/** A datetime-local value ("2026-11-27T10:30") in the browser's zone, as ISO 8601 with offset. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** design §13: the staff audit log (GET /api/staff/audit), filtered, newest first, paged. */
export default function AuditLog(props: I18nProps) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const id = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const { fields, error, busy, statusRef, run } = useApiForm(t);

  function query(applied: Filters, after?: string) {
    return {
      staff: applied.staff.trim() || undefined,
      action: applied.action.trim() || undefined,
      target_type: applied.target_type || undefined,
      target_id: applied.target_id.trim() || undefined,
      from: toIso(applied.from),
      to: toIso(applied.to),
      cursor: after,
    };
  }

  async function load(applied: Filters, after?: string) {
    await run(
      async () => {
        const page = await api("GET /api/staff/audit", { query: query(applied, after) });
        setEntries((current) => (after && current ? [...current, ...page.entries] : page.entries));
        setCursor(page.next_cursor);
      },
      { keepsFocus: Boolean(after) },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void load(NO_FILTERS);
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void load(filters);
  }

  const input = (name: keyof Filters, type = "text") => ({
    id: `${id}-${name}`,
    name,
    type,
    value: filters[name],
    className: "field-input",
    "aria-invalid": fields[name] ? true : undefined,
    onInput: (event: { currentTarget: { value: string } }) =>
      setFilters({ ...filters, [name]: event.currentTarget.value }),
  });
  const label = (name: keyof Filters, key: Parameters<typeof t>[0]) => (
    <label htmlFor={`${id}-${name}`} className="field-label">
      {t(key)}
    </label>
  );

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate aria-label={t("staff.console.audit.filters")}>
        <div className="staff-filters">
          <div className="field">
            {label("staff", "staff.console.audit.filter.staff")}
            <input {...input("staff")} inputMode="numeric" />
          </div>
          <div className="field">
            {label("action", "staff.console.audit.filter.action")}
            <input {...input("action")} placeholder="member.credits" />
          </div>
          <div className="field">
            {label("target_type", "staff.console.audit.filter.targetType")}
            <select
              id={`${id}-target_type`}
              value={filters.target_type}
              onChange={(event) =>
                setFilters({ ...filters, target_type: event.currentTarget.value })
              }
            >
              <option value="">{t("staff.console.audit.filter.any")}</option>
              {STAFF_AUDIT_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`staff.console.target.${target}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            {label("target_id", "staff.console.audit.filter.targetId")}
            <input {...input("target_id")} />
          </div>
          <div className="field">
            {label("from", "staff.console.audit.filter.from")}
            <input {...input("from", "datetime-local")} />
          </div>
          <div className="field">
            {label("to", "staff.console.audit.filter.to")}
            <input {...input("to", "datetime-local")} />
          </div>
          <div className="cluster">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("staff.console.audit.apply")}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setFilters(NO_FILTERS);
                void load(NO_FILTERS);
              }}
            >
              {t("staff.console.audit.reset")}
            </button>
          </div>
        </div>
        <div ref={statusRef} tabIndex={-1} className="form-status">
          <ErrorAlert message={error ?? Object.values(fields)[0]} />
        </div>
      </form>
      {entries && entries.length === 0 ? (
        <p role="status">{t("staff.console.audit.empty")}</p>
      ) : null}
      {entries && entries.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">{t("staff.console.audit.title")}</caption>
            <ColumnHeads
              labels={[
                t("staff.console.audit.col.time"),
                t("staff.console.audit.col.who"),
                t("staff.console.audit.col.action"),
                t("staff.console.audit.col.target"),
                t("staff.console.audit.col.reason"),
                t("staff.console.audit.col.change"),
                t("staff.console.audit.col.ip"),
              ]}
            />
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.dateTime(entry.created_at)}</td>
                  <td>
                    {entry.staff_email ?? t("staff.console.audit.commandLine")}
                    {entry.role ? (
                      <>
                        <br />
                        <span className="muted">{t(`staff.console.role.${entry.role}`)}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Action action={entry.action} t={t} />
                  </td>
                  <td>
                    <Target entry={entry} t={t} />
                  </td>
                  <td>{entry.reason ?? "–"}</td>
                  <td>
                    <Change before={entry.before} after={entry.after} t={t} />
                  </td>
                  <td>{entry.ip ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {cursor ? (
        <p>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => load(filters, cursor)}
          >
            {t("staff.console.audit.older")}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** The action by name, its code below (what the action filter takes). */
function Action({ action, t }: { action: string; t: ReturnType<typeof useTranslate> }) {
  const label = codeLabel(t, "auditAction", action);
  if (label === action) return <code>{action}</code>;
  return (
    <>
      {label}
      <code className="staff-code">{action}</code>
    </>
  );
}

function Target({ entry, t }: { entry: AuditEntry; t: ReturnType<typeof useTranslate> }) {
  if (!entry.target_type) return <>–</>;
  const name = codeLabel(t, "auditTarget", entry.target_type);
  if (entry.target_type === "member" && entry.target_id) {
    return <a href={`/staff/members/${entry.target_id}`}>{`${name} #${entry.target_id}`}</a>;
  }
  return <>{entry.target_id ? `${name} #${entry.target_id}` : name}</>;
}

/** Before and after, field by field: "credits: 5 → 15". */
function Change(props: {
  before: AuditValues | null;
  after: AuditValues | null;
  t: ReturnType<typeof useTranslate>;
}) {
  const names = [
    ...new Set([...Object.keys(props.before ?? {}), ...Object.keys(props.after ?? {})]),
  ];
  if (names.length === 0) return <>–</>;
  const show = (value: unknown) => (value === undefined ? "–" : JSON.stringify(value));
  return (
    <ul className="staff-change">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code>:{" "}
          <span className="visually-hidden">{props.t("staff.console.audit.before")} </span>
          <del>{show(props.before?.[name])}</del> <span aria-hidden="true">→</span>{" "}
          <span className="visually-hidden">{props.t("staff.console.audit.after")} </span>
          <ins>{show(props.after?.[name])}</ins>
        </li>
      ))}
    </ul>
  );
}
