import { useEffect, useId, useRef, useState } from "react";
import type { ReportCase } from "../../contract/staff-reports";
import { api } from "../../lib/api-client";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import type { StaffSelf } from "./CaseClaim";
import { staffFormat } from "./format";
import KeysetQueue, { queueTexts } from "./KeysetQueue";
import ReportCaseCard from "./ReportCaseCard";
import { useKeysetList } from "./use-keyset-list";

type Filter = "all" | "me" | "unclaimed";
const FILTERS: readonly Filter[] = ["all", "me", "unclaimed"];

/** Cases a page of the queue holds. */
const PAGE_SIZE = 10;

type Props = I18nProps & {
  /** The staff member looking: whose claim is theirs, and whether they may act on any case. */
  staff: StaffSelf;
  /** Their role may claim and resolve cases (reports.resolve; the API checks again). */
  canResolve: boolean;
};

/** The catalogue keys this island needs (its page picks them; its test too). */
export const REPORT_QUEUE_MESSAGES = [
  "staff.console.reports.",
  "staff.console.action.",
  "staff.console.member.",
  "report.reason.",
  "gift.",
  "common.close",
  "error.",
  "validation.",
];

/**
 * issue 27 item 3: the moderators' reports queue, the console's first screen. Open cases in
 * the API's order (severity, then the newest report), a page at a time (keyset: "Load more"
 * follows next_cursor); all, the caller's or nobody's. A resolved case leaves the list, and a
 * status message above it says what was done.
 */
export default function ReportQueue(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>("all");
  const list = useKeysetList<ReportCase>(t, async (cursor) => {
    const page = await api("GET /api/staff/reports", {
      query: { claimed: filter, cursor: cursor ?? undefined, limit: PAGE_SIZE },
    });
    return { items: page.cases, next: page.next_cursor };
  });
  const [done, setDone] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a first page per filter
  useEffect(() => {
    void list.load(null);
  }, [filter]);

  function resolved(caseId: number, message: string) {
    list.remove(caseId);
    setDone(message);
    // The form is gone with its case: the outcome is where focus goes, so it is heard.
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  return (
    <div className="stack">
      <h1>{t("staff.console.reports.title")}</h1>
      <p className="muted">{t("staff.console.reports.lead")}</p>
      <div className="field staff-queue-filter">
        <label htmlFor={filterId} className="field-label">
          {t("staff.console.reports.filter")}
        </label>
        <select
          id={filterId}
          className="field-input"
          value={filter}
          onChange={(event) => {
            setDone(null);
            setFilter(event.currentTarget.value as Filter);
          }}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`staff.console.reports.filter.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <KeysetQueue
        list={list}
        status={done}
        statusRef={statusRef}
        texts={{
          ...queueTexts(t, "staff.console.reports", `staff.console.reports.empty.${filter}`),
          loadingMore: t("staff.console.reports.loadingMore"),
        }}
        className="staff-cases"
      >
        {(found) => (
          <ReportCaseCard
            key={found.id}
            t={t}
            format={format}
            reportCase={found}
            staff={props.staff}
            canResolve={props.canResolve}
            onClaimed={(claimedBy) =>
              list.update(found.id, (current) => ({
                ...current,
                claimed_by: claimedBy,
                claimed_at: claimedBy ? new Date().toISOString() : null,
              }))
            }
            onResolved={(message) => resolved(found.id, message)}
          />
        )}
      </KeysetQueue>
    </div>
  );
}
