import { useEffect, useRef, useState } from "react";
import type { InboxEvent, InboxFiguresAnswer, InboxItem } from "../../contract/staff-inbox";
import { api } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { staffFormat } from "./format";
import InboxConversation from "./InboxConversation";
import InboxFigures from "./InboxFigures";
import KeysetQueue, { queueTexts } from "./KeysetQueue";
import { useKeysetList } from "./use-keyset-list";

type Props = I18nProps & {
  /** The sites the console serves, to narrow the queue to one. */
  sites: { id: string; name: string }[];
};

/** The catalogue keys this island needs (its page picks them; its test too). */
export const INBOX_MESSAGES = ["staff.console.inbox.", "error.", "validation."];

type Entry = InboxItem & { id: number };

/** How long the figures wait after a notice before reading again (a burst reads once). */
const FIGURES_MS = 1000;

/** The queue's order: the longest wait first, then the conversation. */
function byWait(a: Entry, b: Entry): number {
  return a.waiting_since.localeCompare(b.waiting_since) || a.conversation - b.conversation;
}

/**
 * issue 28 item 1: the operators' inbox. The conversations with the site's own profiles that
 * wait for an answer, oldest first, in the agent's languages and sites; the stream brings each
 * change with the conversation's place (it is shown at once, without reading the queue again;
 * a missed notice reads it again); the one opened beside it, to claim and answer; the figures
 * above.
 */
export default function Inbox(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const [site, setSite] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const [figures, setFigures] = useState<InboxFiguresAnswer | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const list = useKeysetList<Entry>(t, async (cursor) => {
    const page = await api("GET /api/staff/inbox", {
      query: { site: site || undefined, cursor: cursor ?? undefined },
    });
    return {
      items: page.items.map((item) => ({ ...item, id: item.conversation })),
      next: page.next_cursor,
    };
  });
  const loadFigures = useRef<() => void>(() => {});
  loadFigures.current = () => {
    api("GET /api/staff/inbox/figures")
      .then(setFigures)
      .catch((caught: unknown) => list.setError(describeApiError(caught, t)));
  };
  const reload = useRef<() => void>(() => {});
  reload.current = () => {
    void list.load(null);
    loadFigures.current();
  };
  const changed = useRef<(event: InboxEvent) => void>(() => {});
  changed.current = (event) => {
    if (!("conversation" in event)) return reload.current();
    if (!event.item) return list.remove(event.conversation);
    if (site && event.item.site !== site) return;
    list.place({ ...event.item, id: event.item.conversation }, byWait);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the site changes
  useEffect(() => reload.current(), [site]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/staff/inbox/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("inbox", (message) => {
      changed.current(JSON.parse(message.data) as InboxEvent);
      clearTimeout(timer);
      timer = setTimeout(() => loadFigures.current(), FIGURES_MS);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);

  return (
    <div className="stack">
      <p className="muted">{t("staff.console.inbox.lead")}</p>
      <InboxFigures t={t} locale={props.locale} figures={figures} sites={props.sites} />
      <div className="staff-columns staff-columns-inbox">
        <section className="staff-section" aria-labelledby="inbox-queue-title">
          <h2 id="inbox-queue-title">{t("staff.console.inbox.queue")}</h2>
          {props.sites.length > 1 ? (
            <div className="field staff-queue-filter">
              <label htmlFor="inbox-site">{t("staff.console.inbox.site")}</label>
              <select
                id="inbox-site"
                value={site}
                onChange={(event) => setSite(event.target.value)}
              >
                <option value="">{t("staff.console.inbox.allSites")}</option>
                {props.sites.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <KeysetQueue
            list={list}
            status={null}
            statusRef={statusRef}
            texts={queueTexts(t, "staff.console.inbox", "staff.console.inbox.empty")}
            className="staff-cases"
          >
            {(item) => (
              <li key={item.id} className="staff-case">
                <article aria-label={t("staff.console.inbox.itemLabel", itemNames(item))}>
                  <p>
                    <strong>{itemNames(item).member}</strong> → {itemNames(item).operated}{" "}
                    <span className="muted">
                      · {item.language.toUpperCase()} · {siteName(props.sites, item.site)}
                    </span>
                  </p>
                  {item.last_text ? <p className="staff-thread-body">{item.last_text}</p> : null}
                  <p className="muted">
                    {t("staff.console.inbox.waiting", { time: format.ago(item.waiting_since) })}
                    {item.claim
                      ? ` · ${item.claim.mine ? t("staff.console.inbox.claimedByMe") : t("staff.console.inbox.claimedByOther")}`
                      : ""}
                  </p>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-pressed={open === item.conversation}
                    onClick={() => setOpen(item.conversation)}
                  >
                    {t("staff.console.inbox.open")}
                  </button>
                </article>
              </li>
            )}
          </KeysetQueue>
        </section>
        {open === null ? (
          <p className="muted">{t("staff.console.inbox.pick")}</p>
        ) : (
          <InboxConversation
            key={open}
            t={t}
            format={format}
            conversation={open}
            onChanged={() => reload.current()}
          />
        )}
      </div>
    </div>
  );
}

function itemNames(item: InboxItem) {
  return { member: item.member.name ?? "–", operated: item.operated.name ?? "–" };
}

function siteName(sites: Props["sites"], id: string): string {
  return sites.find((site) => site.id === id)?.name ?? id;
}
