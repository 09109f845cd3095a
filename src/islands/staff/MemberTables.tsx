import { type ReactNode, useEffect, useRef, useState } from "react";
import type { SupportMemberAnswer as Member } from "../../contract/staff-support";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import ActionForm from "./ActionForm";
import ColumnHeads from "./ColumnHeads";
import { codeLabel } from "./code-labels";
import type { StaffFormat } from "./format";

type Props = {
  t: Translate;
  format: StaffFormat;
  member: Member;
  canRefund: boolean;
  onChanged: () => Promise<void>;
  onMember: (update: (member: Member) => Member) => void;
};

/** A titled section of the member screen with a table, or a line saying it is empty. */
function Section(props: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="staff-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.empty ? <p className="muted">{props.empty}</p> : props.children}
    </section>
  );
}

function Table(props: { head: string[]; numeric?: number[]; children: ReactNode }) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <ColumnHeads labels={props.head} numeric={props.numeric} />
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** issue 27 item 7: the member's sessions, orders, credit history, reports, blocks and mail. */
export default function MemberTables({ t, format, member, canRefund, onChanged, onMember }: Props) {
  const empty = (list: readonly unknown[]) =>
    list.length === 0 ? t("staff.console.member.empty") : null;
  const [refunding, setRefunding] = useState<number | null>(null);
  const refundRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const [olderBusy, setOlderBusy] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const order = member.orders.find((candidate) => candidate.id === refunding) ?? null;

  useEffect(() => {
    if (refunding !== null) refundRef.current?.querySelector("textarea")?.focus();
  }, [refunding]);

  function closeRefund() {
    setRefunding(null);
    openerRef.current?.focus();
  }

  async function older() {
    const cursor = member.ledger.next_cursor;
    if (!cursor) return;
    setOlderBusy(true);
    setOlderError(null);
    try {
      const page = await api("GET /api/staff/members/{id}", {
        params: { id: member.account.id },
        query: { ledger_before: cursor },
      });
      onMember((current) => ({
        ...current,
        ledger: {
          entries: [...current.ledger.entries, ...page.ledger.entries],
          next_cursor: page.ledger.next_cursor,
        },
      }));
    } catch (caught) {
      setOlderError(describeApiError(caught, t));
    } finally {
      setOlderBusy(false);
    }
  }

  const reportRows = (reports: Member["reports_by"]) =>
    reports.map((report) => (
      <tr key={report.id}>
        <td>{format.dateTime(report.created_at)}</td>
        <td>
          <a href={`/staff/members/${report.other_id}`}>
            {report.other_name ?? `#${report.other_id}`}
          </a>
        </td>
        <td>{codeLabel(t, "reportReason", report.reason)}</td>
        <td>{report.note ?? "–"}</td>
      </tr>
    ));
  const reportHead = [
    t("staff.console.member.col.date"),
    t("staff.console.member.col.member"),
    t("staff.console.member.col.reason"),
    t("staff.console.member.col.note"),
  ];

  return (
    <>
      <Section
        id="member-sessions"
        title={t("staff.console.member.section.sessions")}
        empty={empty(member.sessions)}
      >
        <Table head={[t("staff.console.member.col.started"), t("staff.console.member.col.ends")]}>
          {member.sessions.map((session) => (
            <tr key={session.created_at + session.expires_at}>
              <td>{format.dateTime(session.created_at)}</td>
              <td>{format.dateTime(session.expires_at)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section
        id="member-orders"
        title={t("staff.console.member.section.orders")}
        empty={empty(member.orders)}
      >
        <Table
          head={[
            t("staff.console.member.col.order"),
            t("staff.console.member.col.date"),
            t("staff.console.member.col.state"),
            t("staff.console.member.col.credits"),
            t("staff.console.member.col.amount"),
            t("staff.console.member.col.method"),
            t("staff.console.member.col.refunded"),
            "",
          ]}
          numeric={[3, 4, 6]}
        >
          {member.orders.map((row) => (
            <tr key={row.id}>
              <td>#{row.id}</td>
              <td>{format.dateTime(row.created_at)}</td>
              <td>{codeLabel(t, "orderState", row.state)}</td>
              <td className="num">{format.number(row.credits)}</td>
              <td className="num">{format.money(row.amount, row.currency)}</td>
              <td>
                {codeLabel(t, "paymentMethod", row.method)}{" "}
                <span className="muted">({row.provider})</span>
              </td>
              <td className="num">
                {row.refunded_amount > 0 ? format.money(row.refunded_amount, row.currency) : "–"}
              </td>
              <td>
                {canRefund && row.state === "completed" && row.refunded_amount === 0 ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-expanded={refunding === row.id}
                    onClick={(event) => {
                      openerRef.current = event.currentTarget;
                      setRefunding(row.id);
                    }}
                  >
                    {t("staff.console.action.refund.button", { id: row.id })}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
        {order ? (
          <div ref={refundRef} className="stack">
            <ActionForm
              key={order.id}
              t={t}
              title={t("staff.console.action.refund.title", { id: order.id })}
              lead={t("staff.console.action.refund.lead", {
                amount: format.money(order.amount, order.currency),
                credits: format.number(order.credits),
              })}
              submitLabel={t("staff.console.action.refund.submit")}
              withReason
              onSubmit={async (data) => {
                const answer = await api("POST /api/staff/members/{id}/refund", {
                  params: { id: member.account.id },
                  body: { order_id: order.id, reason: String(data.get("reason") ?? "") },
                });
                await onChanged();
                return t("staff.console.action.refund.done", {
                  id: order.id,
                  credits: format.number(answer.credits_taken),
                });
              }}
            />
            <div>
              <button type="button" className="btn btn-ghost btn-sm" onClick={closeRefund}>
                {t("staff.console.action.cancel")}
              </button>
            </div>
          </div>
        ) : null}
      </Section>
      <Section
        id="member-ledger"
        title={t("staff.console.member.section.ledger")}
        empty={empty(member.ledger.entries)}
      >
        <Table
          head={[
            t("staff.console.member.col.date"),
            t("staff.console.member.col.change"),
            t("staff.console.member.col.balance"),
            t("staff.console.member.col.reason"),
            t("staff.console.member.col.reference"),
          ]}
          numeric={[1, 2]}
        >
          {member.ledger.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{format.dateTime(entry.created_at)}</td>
              <td className="num">{format.signed(entry.delta)}</td>
              <td className="num">{format.number(entry.balance_after)}</td>
              <td>{codeLabel(t, "creditReason", entry.reason)}</td>
              <td>{entry.reference ?? "–"}</td>
            </tr>
          ))}
        </Table>
        <ErrorAlert message={olderError} />
        {member.ledger.next_cursor ? (
          <p>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={older}
              disabled={olderBusy}
            >
              {t("staff.console.member.older")}
            </button>
          </p>
        ) : null}
      </Section>
      <Section
        id="member-reports-by"
        title={t("staff.console.member.section.reportsBy")}
        empty={empty(member.reports_by)}
      >
        <Table head={reportHead}>{reportRows(member.reports_by)}</Table>
      </Section>
      <Section
        id="member-reports-against"
        title={t("staff.console.member.section.reportsAgainst")}
        empty={empty(member.reports_against)}
      >
        <Table head={reportHead}>{reportRows(member.reports_against)}</Table>
      </Section>
      <Section
        id="member-blocks"
        title={t("staff.console.member.section.blocks")}
        empty={empty([...member.blocks.blocked, ...member.blocks.blocked_by])}
      >
        <Table
          head={[
            t("staff.console.member.col.direction"),
            t("staff.console.member.col.member"),
            t("staff.console.member.col.date"),
          ]}
        >
          {[
            ...member.blocks.blocked.map((block) => ({
              ...block,
              label: t("staff.console.member.blocked"),
            })),
            ...member.blocks.blocked_by.map((block) => ({
              ...block,
              label: t("staff.console.member.blockedBy"),
            })),
          ].map((block) => (
            <tr key={`${block.label}${block.profile_id}`}>
              <td>{block.label}</td>
              <td>
                {block.name} <span className="muted">#{block.profile_id}</span>
              </td>
              <td>{format.dateTime(block.created_at)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section
        id="member-mails"
        title={t("staff.console.member.section.mails")}
        empty={empty(member.mails)}
      >
        <Table
          head={[
            t("staff.console.member.col.date"),
            t("staff.console.member.col.kind"),
            t("staff.console.member.col.subject"),
            t("staff.console.member.col.status"),
            t("staff.console.member.col.sent"),
          ]}
        >
          {member.mails.map((mail) => (
            <tr key={mail.id}>
              <td>{format.dateTime(mail.created_at)}</td>
              <td>{codeLabel(t, "mailKind", mail.kind)}</td>
              <td>{mail.subject}</td>
              <td>
                {codeLabel(t, "mailStatus", mail.status)}
                {mail.attempts > 1 ? ` (${mail.attempts})` : ""}
              </td>
              <td>{format.dateTime(mail.sent_at)}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}
