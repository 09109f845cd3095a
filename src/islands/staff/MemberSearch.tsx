import { type SubmitEvent, useEffect, useId, useState } from "react";
import type { SupportMemberHit } from "../../contract/staff-support";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ColumnHeads from "./ColumnHeads";
import { codeLabel } from "./code-labels";
import { staffFormat } from "./format";

type Props = I18nProps & { initialQuery: string };

/**
 * issue 27 item 7: finds a member by e-mail address, id, name or order id
 * (GET /api/staff/members?q=). The query is kept in the address, so back returns to the list.
 */
export default function MemberSearch(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const ids = { query: useId(), hint: useId(), results: useId() };
  const [query, setQuery] = useState(props.initialQuery);
  const [result, setResult] = useState<{ q: string; members: SupportMemberHit[] } | null>(null);
  const { fields, error, busy, statusRef, run } = useApiForm(t);

  async function search(q: string) {
    await run(async () => {
      const answer = await api("GET /api/staff/members", { query: { q } });
      setResult({ q, members: answer.members });
      history.replaceState(null, "", `?q=${encodeURIComponent(q)}`);
    });
  }

  // A search in the address (back from a member) runs once on arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (props.initialQuery.trim()) void search(props.initialQuery.trim());
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (q) void search(q);
  }

  return (
    <div className="stack">
      <search>
        <form className="stack" onSubmit={onSubmit} noValidate>
          <div className="staff-search">
            <div className="field">
              <label htmlFor={ids.query} className="field-label">
                {t("staff.console.members.search")}
              </label>
              <input
                id={ids.query}
                name="q"
                type="search"
                className="field-input"
                value={query}
                maxLength={254}
                autoComplete="off"
                spellCheck={false}
                onInput={(event) => setQuery(event.currentTarget.value)}
                aria-describedby={ids.hint}
                aria-invalid={fields.q ? true : undefined}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy
                ? t("staff.console.members.searching")
                : t("staff.console.members.searchButton")}
            </button>
          </div>
          <p id={ids.hint} className="field-hint">
            {fields.q ?? t("staff.console.members.searchHint")}
          </p>
          <div ref={statusRef} tabIndex={-1} className="form-status">
            <ErrorAlert message={error} />
            {result ? (
              <p aria-live="polite">
                {result.members.length === 0
                  ? t("staff.console.members.noResults", { q: result.q })
                  : t("staff.console.members.results", { count: result.members.length })}
              </p>
            ) : null}
          </div>
        </form>
      </search>
      {result && result.members.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table" id={ids.results}>
            <ColumnHeads
              labels={[
                t("staff.console.members.col.member"),
                t("staff.console.members.col.site"),
                t("staff.console.members.col.status"),
                t("staff.console.members.col.signup"),
                t("staff.console.members.col.match"),
              ]}
            />
            <tbody>
              {result.members.map((member) => (
                <tr key={member.id}>
                  <td>
                    <a href={`/staff/members/${member.id}`}>
                      {member.name ?? t("staff.console.members.erased")}
                    </a>{" "}
                    <span className="muted">#{member.id}</span>
                  </td>
                  <td>{member.site}</td>
                  <td>
                    {codeLabel(t, "accountStatus", member.status)}{" "}
                    {member.erased ? (
                      <span className="badge badge-danger">
                        {t("staff.console.members.erased")}
                      </span>
                    ) : member.deletion_requested ? (
                      <span className="badge badge-warning">
                        {t("staff.console.members.deletionRequested")}
                      </span>
                    ) : null}
                  </td>
                  <td>{format.dateTime(member.created_at)}</td>
                  <td>{t(`staff.console.members.matchedBy.${member.matched_by}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
